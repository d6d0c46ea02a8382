/** MyAccount of the account remote (placeholder until its issue lands). */
export default function MyAccountPage() {
  return (
    <section className="page" data-section="account">
      <h1>MyAccount</h1>
    </section>
  );
}
