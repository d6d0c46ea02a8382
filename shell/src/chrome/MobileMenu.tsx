import { observer } from 'mobx-react-lite';
import { useId, useRef, useState } from 'react';
import { NavLink } from '@storefront/shared/router';
import { Drawer, paths, useStores } from '@storefront/shared';
import { CategoryList } from './CategoryList';
import { ChevronDownIcon } from './icons';
import { useFocusTrap } from './useFocusTrap';
import './MobileMenu.css';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}

const LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.categories, label: 'Categories' },
  { to: paths.shop(), label: 'Shop' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.trackOrder(), label: 'Track Order' },
  { to: paths.cart, label: 'Cart' },
  { to: paths.checkout, label: 'Checkout' },
];

const ACCOUNT_LINKS = [
  { to: paths.myAccount.profile, label: 'My Account', end: true },
  { to: paths.myAccount.orders, label: 'My Orders' },
  { to: paths.myAccount.wishlist, label: 'Wishlist' },
  { to: paths.myAccount.address, label: 'Address' },
  { to: paths.myAccount.password, label: 'Change Password' },
];

const linkClass = ({ isActive }: { isActive: boolean }) => `sh-drawer__link${isActive ? ' is-active' : ''}`;

/**
 * The mobile menu drawer of spec §2: every header link, an expandable category list ('No categories
 * found' when empty) and the account links (or sign-in for a guest). Choosing a link closes it.
 */
const MobileMenu = observer(function MobileMenu({ open, onClose, onLogout }: MobileMenuProps) {
  const { storeInfo, auth } = useStores();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categoriesId = useId();
  const body = useRef<HTMLDivElement>(null);
  useFocusTrap(open, body);

  return (
    <Drawer open={open} onClose={onClose} title="Menu" className="sh-drawer">
      <div ref={body} className="sh-drawer__body">
        <nav aria-label="Mobile">
          <ul className="sh-drawer__list">
            {LINKS.map((l) => (
              <li key={l.label}>
                <NavLink to={l.to} end={l.end} className={linkClass} onClick={onClose}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sh-drawer__section">
          <button
            type="button"
            className="sh-drawer__expand"
            aria-expanded={categoriesOpen}
            aria-controls={categoriesId}
            onClick={() => setCategoriesOpen((v) => !v)}
          >
            Shop by Category <ChevronDownIcon size={18} />
          </button>
          <div id={categoriesId} hidden={!categoriesOpen}>
            <CategoryList categories={storeInfo.categories} onNavigate={onClose} className="sh-drawer__cats" />
          </div>
        </div>
        <div className="sh-drawer__section">
          <h3 className="sh-drawer__heading">{auth.isAuthenticated ? auth.displayName || 'My Account' : 'Account'}</h3>
          <ul className="sh-drawer__list">
            {auth.isAuthenticated ? (
              <>
                {ACCOUNT_LINKS.map((l) => (
                  <li key={l.label}>
                    <NavLink to={l.to} end={l.end} className={linkClass} onClick={onClose}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button type="button" className="sh-drawer__link sh-drawer__logout" onClick={onLogout}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to={paths.signin} className={linkClass} onClick={onClose}>
                    Sign in
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.signup} className={linkClass} onClick={onClose}>
                    Create account
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </div>
      </div>
    </Drawer>
  );
});

export default MobileMenu;
