/** About page of the catalog remote (placeholder until the catalog issue lands). */
export default function AboutPage() {
  return (
    <section className="page" data-section="catalog">
      <h1>About</h1>
    </section>
  );
}
