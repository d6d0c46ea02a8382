import { Link } from 'react-router-dom';
import { paths } from '@storefront/shared';

/** Placeholder footer (the full chrome is its own issue). */
export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <Link to={paths.faq}>FAQ</Link> <Link to={paths.terms}>Terms of use</Link>{' '}
        <Link to={paths.privacy}>Privacy policy</Link> <Link to={paths.support}>Support</Link>
      </nav>
    </footer>
  );
}
