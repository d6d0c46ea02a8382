/** Home page of the catalog remote (placeholder until the catalog issue lands). */
export default function HomePage() {
  return (
    <section className="page" data-section="catalog">
      <h1>Home</h1>
    </section>
  );
}
