/** FAQ (shell-owned information page). */
export default function FaqPage() {
  return (
    <section className="page">
      <h1>FAQ</h1>
    </section>
  );
}
