/** OrderFailure of the cart_checkout remote (placeholder until its issue lands). */
export default function OrderFailurePage() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>OrderFailure</h1>
    </section>
  );
}
