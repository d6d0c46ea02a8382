import { observer } from 'mobx-react-lite';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from '@storefront/shared/router';
import { paths, useStores } from '@storefront/shared';
import { ProfileSection } from './sections/ProfileSection';
import { OrdersSection } from './sections/OrdersSection';
import { WishlistSection } from './sections/WishlistSection';
import { AddressSection } from './sections/AddressSection';
import { PasswordSection } from './sections/PasswordSection';
import { LogoutDialog } from './LogoutDialog';
import '../../components/forms.css';
import './MyAccountPage.css';

const NAV = [
  { to: paths.myAccount.profile, label: 'Profile', end: true },
  { to: paths.myAccount.orders, label: 'My Orders', end: false },
  { to: paths.myAccount.wishlist, label: 'Wishlist', end: false },
  { to: paths.myAccount.address, label: 'Address', end: false },
  { to: paths.myAccount.password, label: 'Change Password', end: false },
] as const;

/**
 * On a phone the account tabs are one strip that scrolls sideways inside itself: bring the current
 * tab (the link marked aria-current="page") into the strip's view, without scrolling the page.
 */
function useCurrentTabInView(list: RefObject<HTMLUListElement | null>, pathname: string): void {
  useLayoutEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const left = current.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right - strip.clientWidth;
  }, [list, pathname]);
}

/**
 * /my-account/*: the account area (authenticated only; the shell's guard sends others to /signin).
 * Its sub-pages are routed here, relative to /my-account; each sub-page owns the page's h1.
 */
const MyAccountPage = observer(function MyAccountPage() {
  const { auth } = useStores();
  const { pathname } = useLocation();
  const tabs = useRef<HTMLUListElement>(null);
  useCurrentTabInView(tabs, pathname);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const closeLogout = useCallback(() => setConfirmLogout(false), []);
  const customer = auth.user?.customer;
  const greeting = customer ? `${customer.firstname} ${customer.lastname}`.trim() : '';

  return (
    <section className="acc-page acc-account" data-section="account">
      <aside className="acc-account__aside">
        {greeting && (
          <p className="acc-account__hello">
            Hello, <strong>{greeting}</strong>
          </p>
        )}
        {/* Links, not role="tablist": each tab is its own page (URL, history, reload), marked aria-current by NavLink. */}
        <nav aria-label="My account">
          <ul ref={tabs} className="acc-account__nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="acc-account__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="acc-account__link acc-account__logout" onClick={() => setConfirmLogout(true)}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="acc-account__main">
        <Routes>
          <Route index element={<ProfileSection />} />
          <Route path="orders" element={<OrdersSection />} />
          <Route path="wishlist" element={<WishlistSection />} />
          <Route path="address" element={<AddressSection />} />
          <Route path="password" element={<PasswordSection />} />
          <Route path="*" element={<Navigate to={paths.myAccount.profile} replace />} />
        </Routes>
      </div>
      <LogoutDialog open={confirmLogout} onClose={closeLogout} />
    </section>
  );
});

export default MyAccountPage;
