import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { NavLink, Navigate, Route, Routes } from '@storefront/shared/router';
import { paths, reportError, useDocumentTitle } from '@storefront/shared';
import { AdminProvider, useAdmin, type Admin } from './AdminContext';
import { SignInPage } from './pages/SignInPage';
import { OrderQueuePage } from './pages/OrderQueuePage';
import { OrderPage } from './pages/OrderPage';
import { ProductsPage } from './pages/ProductsPage';
import { SettingsPage } from './pages/SettingsPage';
import { StaffPage } from './pages/StaffPage';
import { ActivityPage } from './pages/ActivityPage';
import { DeliverySettingsPage } from './pages/DeliverySettingsPage';
import { SearchSynonymsPage } from './pages/SearchSynonymsPage';

/** The back office with its staff session: the sign-in until a member is in, then its pages. */
export function AdminApp({ admin }: { admin: Admin }) {
  return (
    <AdminProvider admin={admin}>
      <div className="adm" data-section="admin">
        <Gate />
      </div>
    </AdminProvider>
  );
}

const Gate = observer(function Gate() {
  const { session } = useAdmin();
  useDocumentTitle('Back office');
  // A session restored from this tab is checked once: a role change or revocation shows at once.
  useEffect(() => {
    void session.refresh();
  }, [session]);
  if (!session.signedIn) return <SignInPage />;
  return <Frame />;
});

const Frame = observer(function Frame() {
  const { session } = useAdmin();
  const member = session.member;
  const signOut = () => session.signOut().catch((err: unknown) => reportError(err, 'Could not sign out', { flow: 'shell' }));
  return (
    <>
      <header className="adm-top">
        <nav className="adm-nav" aria-label="Back office">
          <NavLink to={paths.admin.orders}>Orders</NavLink>
          <NavLink to={paths.admin.products}>Products</NavLink>
          <NavLink to={paths.admin.settings}>Store settings</NavLink>
          {session.isOwner && <NavLink to={paths.admin.staff}>Staff</NavLink>}
          {session.isOwner && <NavLink to={paths.admin.activity}>Activity</NavLink>}
          {session.isOwner && <NavLink to={paths.admin.delivery}>Delivery &amp; GST</NavLink>}
          {session.isOwner && <NavLink to={paths.admin.synonyms}>Search synonyms</NavLink>}
        </nav>
        <p className="adm-who">
          <span>
            {member?.name} ({member?.role})
          </span>
          <button type="button" className="adm-btn adm-btn--plain" onClick={signOut}>
            Sign out
          </button>
        </p>
      </header>
      <Routes>
        <Route index element={<Navigate to={paths.admin.orders} replace />} />
        <Route path="orders" element={<OrderQueuePage />} />
        <Route path="orders/:number" element={<OrderPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="staff" element={session.isOwner ? <StaffPage /> : <OwnerOnly />} />
        <Route path="activity" element={session.isOwner ? <ActivityPage /> : <OwnerOnly />} />
        <Route path="delivery" element={session.isOwner ? <DeliverySettingsPage /> : <OwnerOnly />} />
        <Route path="search-synonyms" element={session.isOwner ? <SearchSynonymsPage /> : <OwnerOnly />} />
        <Route path="*" element={<Navigate to={paths.admin.orders} replace />} />
      </Routes>
    </>
  );
});

function OwnerOnly() {
  return (
    <section className="adm-page">
      <h1>Owners only</h1>
      <p>This page is for the shop&apos;s owners. Ask an owner if you need something from it.</p>
    </section>
  );
}
