/** SignUpModal of the account remote (placeholder until its issue lands). */
export default function SignUpModal() {
  return (
    <section className="page" data-section="account">
      <h1>SignUpModal</h1>
    </section>
  );
}
