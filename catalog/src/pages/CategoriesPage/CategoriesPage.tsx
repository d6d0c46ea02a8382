/** Categories page of the catalog remote (placeholder until the catalog issue lands). */
export default function CategoriesPage() {
  return (
    <section className="page" data-section="catalog">
      <h1>Categories</h1>
    </section>
  );
}
