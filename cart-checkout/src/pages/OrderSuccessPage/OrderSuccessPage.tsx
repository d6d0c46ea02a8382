/** OrderSuccess of the cart_checkout remote (placeholder until its issue lands). */
export default function OrderSuccessPage() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>OrderSuccess</h1>
    </section>
  );
}
