/** SignUp of the account remote (placeholder until its issue lands). */
export default function SignUpPage() {
  return (
    <section className="page" data-section="account">
      <h1>SignUp</h1>
    </section>
  );
}
