/** Support (shell-owned information page). */
export default function SupportPage() {
  return (
    <section className="page">
      <h1>Support</h1>
    </section>
  );
}
