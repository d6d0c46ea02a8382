/** Cart of the cart_checkout remote (placeholder until its issue lands). */
export default function CartPage() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>Cart</h1>
    </section>
  );
}
