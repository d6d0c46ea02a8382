/** Checkout of the cart_checkout remote (placeholder until its issue lands). */
export default function CheckoutPage() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>Checkout</h1>
    </section>
  );
}
