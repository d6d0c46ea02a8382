/** ForgotPassword of the account remote (placeholder until its issue lands). */
export default function ForgotPasswordPage() {
  return (
    <section className="page" data-section="account">
      <h1>ForgotPassword</h1>
    </section>
  );
}
