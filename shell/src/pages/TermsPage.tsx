/** Terms of Use (shell-owned information page). */
export default function TermsPage() {
  return (
    <section className="page">
      <h1>Terms of Use</h1>
    </section>
  );
}
