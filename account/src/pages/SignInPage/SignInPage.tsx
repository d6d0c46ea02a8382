/** SignIn of the account remote (placeholder until its issue lands). */
export default function SignInPage() {
  return (
    <section className="page" data-section="account">
      <h1>SignIn</h1>
    </section>
  );
}
