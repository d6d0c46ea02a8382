/** Page not found (shell-owned information page). */
export default function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
    </section>
  );
}
