/** Privacy Policy (shell-owned information page). */
export default function PrivacyPolicyPage() {
  return (
    <section className="page">
      <h1>Privacy Policy</h1>
    </section>
  );
}
