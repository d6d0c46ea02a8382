/** ResetPassword of the account remote (placeholder until its issue lands). */
export default function ResetPasswordPage() {
  return (
    <section className="page" data-section="account">
      <h1>ResetPassword</h1>
    </section>
  );
}
