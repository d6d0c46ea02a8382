/** Shop page of the catalog remote (placeholder until the catalog issue lands). */
export default function ShopPage() {
  return (
    <section className="page" data-section="catalog">
      <h1>Shop</h1>
    </section>
  );
}
