import { observer } from 'mobx-react-lite';
import { Link, NavLink } from 'react-router-dom';
import { paths, useStores } from '@storefront/shared';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.categories, label: 'Categories' },
  { to: paths.shop(), label: 'Shop' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.trackOrder(), label: 'Track Order' },
];

/** Placeholder header (the full chrome is its own issue): navigation, cart count, account link. */
export const Header = observer(function Header() {
  const { cart, auth, storeInfo } = useStores();
  return (
    <header className="header">
      <Link to={paths.home} className="brand">
        {storeInfo.storeName}
      </Link>
      <nav aria-label="Main">
        <ul className="nav">
          {NAV.map((n) => (
            <li key={n.label}>
              <NavLink to={n.to}>{n.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="header-actions">
        <button type="button" className="cart-button" aria-label={`Cart, ${cart.count} items`} onClick={() => cart.open()}>
          Cart <span data-testid="cart-count">{cart.count}</span>
        </button>
        <Link to={auth.isAuthenticated ? paths.myAccount.profile : paths.signin}>
          {auth.isAuthenticated ? 'My Account' : 'Sign in'}
        </Link>
      </div>
    </header>
  );
});
