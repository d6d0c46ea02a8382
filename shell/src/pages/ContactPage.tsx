/** Contact Us (shell-owned information page). */
export default function ContactPage() {
  return (
    <section className="page">
      <h1>Contact Us</h1>
    </section>
  );
}
