/** TrackOrder of the account remote (placeholder until its issue lands). */
export default function TrackOrderPage() {
  return (
    <section className="page" data-section="account">
      <h1>TrackOrder</h1>
    </section>
  );
}
