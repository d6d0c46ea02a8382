import { Link } from '@storefront/shared/router';
import { paths, useDocumentTitle } from '@storefront/shared';
import './NotFoundPage.css';

/** Spec §2: /not-found and every unknown path. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="sh-notfound" aria-labelledby="sh-notfound-title">
      <p className="sh-notfound__code" aria-hidden="true">
        404
      </p>
      <h1 id="sh-notfound-title" className="sh-notfound__title">
        Page not found
      </h1>
      <p className="sh-notfound__text">
        The page you are looking for has moved, sold out or never existed. Let&apos;s get you back to shopping.
      </p>
      <div className="sh-notfound__actions">
        <Link className="sf-button" to={paths.home}>
          Go to home page
        </Link>
        <Link className="sf-button sf-button--ghost" to={paths.shop()}>
          Browse the shop
        </Link>
      </div>
      <p className="sh-notfound__help">
        Need help? <Link to={paths.contact}>Contact us</Link> or read the <Link to={paths.faq}>FAQ</Link>.
      </p>
    </section>
  );
}
