/** Payment of the cart_checkout remote (placeholder until its issue lands). */
export default function PaymentPage() {
  return (
    <section className="page" data-section="cart_checkout">
      <h1>Payment</h1>
    </section>
  );
}
