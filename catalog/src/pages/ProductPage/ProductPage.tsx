/** Product page of the catalog remote (placeholder until the catalog issue lands). */
export default function ProductPage() {
  return (
    <section className="page" data-section="catalog">
      <h1>Product</h1>
    </section>
  );
}
