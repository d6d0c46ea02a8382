import { observer } from 'mobx-react-lite';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from '@storefront/shared/router';
import {
  HydrationBoundary,
  paths,
  SessionSkeleton,
  Skeleton,
  useDocumentTitle,
  useSessionApplied,
  useStores,
  type PageLoader,
} from '@storefront/shared';
import { ordersOf } from '../../stores/ordersOf';
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
 * A sub-page before the shopper's session is applied (rendered on the server, hydrating; issue 19): its
 * heading and title, and a skeleton where their details go.
 */
function PanelSkeleton({ heading, title, blocks }: { heading: string; title: string; blocks: readonly number[] }) {
  useDocumentTitle(title);
  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">{heading}</h1>
      <SessionSkeleton label="Loading your account" blocks={blocks} />
    </div>
  );
}

/** The sub-pages' frames, as their sections title them. */
const SKELETONS = {
  profile: <PanelSkeleton heading="My Profile" title="My Account" blocks={[72, 44, 140]} />,
  orders: <PanelSkeleton heading="My Orders" title="My Orders" blocks={[88, 88, 88]} />,
  wishlist: <PanelSkeleton heading="Wishlist" title="Wishlist" blocks={[88, 88, 88]} />,
  address: <PanelSkeleton heading="Shipping Addresses" title="Address" blocks={[72, 72, 72, 44]} />,
  password: <PanelSkeleton heading="Change Password" title="Change Password" blocks={[72, 72, 72, 44]} />,
};

/**
 * /my-account/*: the account area (authenticated only; the shell's guard sends others to /signin).
 * Its sub-pages are routed here, relative to /my-account; each sub-page owns the page's h1.
 */
const MyAccountPage = observer(function MyAccountPage() {
  const { auth } = useStores();
  // The sub-page (its forms, its store) mounts after the update that applies the session, in a render
  // that yields to the browser (issue 19: TBT); its skeleton stays until then.
  const restored = useSessionApplied();
  const { pathname } = useLocation();
  const tabs = useRef<HTMLUListElement>(null);
  useCurrentTabInView(tabs, pathname);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const closeLogout = useCallback(() => setConfirmLogout(false), []);
  const customer = auth.user?.customer;
  const greeting = (customer ? `${customer.firstname} ${customer.lastname}`.trim() : '') || auth.displayName;

  return (
    <section className="acc-page acc-account" data-section="account">
      {/* The tabs and the sub-page hydrate in tasks of their own (issue 19: TBT). */}
      <HydrationBoundary>
        <aside className="acc-account__aside">
          {/* One line tall, with the name or its skeleton: the tabs below never move. */}
          <p className="acc-account__hello">
            {restored ? (
              <>
                Hello, <strong>{greeting}</strong>
              </>
            ) : (
              <Skeleton width="10em" height="1lh" />
            )}
          </p>
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
      </HydrationBoundary>
      <HydrationBoundary>
        <div className="acc-account__main sf-private-region">
          <Routes>
            <Route index element={restored ? <ProfileSection /> : SKELETONS.profile} />
            <Route path="orders" element={restored ? <OrdersSection /> : SKELETONS.orders} />
            <Route path="wishlist" element={restored ? <WishlistSection /> : SKELETONS.wishlist} />
            <Route path="address" element={restored ? <AddressSection /> : SKELETONS.address} />
            <Route path="password" element={restored ? <PasswordSection /> : SKELETONS.password} />
            <Route path="*" element={<Navigate to={paths.myAccount.profile} replace />} />
          </Routes>
        </div>
      </HydrationBoundary>
      <LogoutDialog open={confirmLogout} onClose={closeLogout} />
    </section>
  );
});

/**
 * The first screen's data on the server (issue 33): rendered with a signed-in shopper's session, My
 * Orders holds their list; every other tab shows what the session itself holds.
 */
export const load: PageLoader = async (session, at) => {
  if (session.auth.isAuthenticated && at.pathname.startsWith(paths.myAccount.orders)) await ordersOf(session).fetch();
};

export default MyAccountPage;
