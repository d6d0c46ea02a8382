/** CartPanel of the cart_checkout remote (placeholder until its issue lands). */
export default function CartPanel() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>CartPanel</h1>
    </section>
  );
}
