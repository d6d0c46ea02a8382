import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiConnection } from '@storefront/shared';
import {
  createSearchSynonymsApi,
  createShopSettingsApi,
  createStaffApi,
  type SearchSynonymsApi,
  type ShopSettingsApi,
  type StaffApi,
} from '@storefront/shared/staff';
import { StaffSessionStore, type SessionStorageLike } from './stores/StaffSessionStore';

/** The back office's own API object and staff session (one per page). */
export interface Admin {
  api: StaffApi;
  /** The owner's delivery, COD and GST settings (issue 39), over the same staff client. */
  settings: ShopSettingsApi;
  /** The owner's search synonyms (issue 36), over the same staff client. */
  synonyms: SearchSynonymsApi;
  session: StaffSessionStore;
}

const AdminContext = createContext<Admin | null>(null);

export function AdminProvider({ admin, children }: { admin: Admin; children: ReactNode }) {
  return <AdminContext.Provider value={admin}>{children}</AdminContext.Provider>;
}

export function useAdmin(): Admin {
  const admin = useContext(AdminContext);
  if (!admin) throw new Error('useAdmin() outside AdminProvider');
  return admin;
}

/**
 * A staff client over the shared HTTP client: same API origin and key as the shop, but the bearer is the
 * staff session's token, and a 401 ends the staff session, never the shopper's.
 */
export function createAdmin(connection: ApiConnection, storage: SessionStorageLike | undefined): Admin {
  const holder: { session?: StaffSessionStore } = {};
  const client = createApiClient({
    baseURL: connection.apiBaseUrl,
    apiKey: connection.apiKey,
    getToken: () => holder.session?.token ?? null,
    onUnauthorized: () => holder.session?.expired(),
  });
  const api = createStaffApi(client);
  const session = new StaffSessionStore(api, storage);
  holder.session = session;
  return { api, settings: createShopSettingsApi(client), synonyms: createSearchSynonymsApi(client), session };
}
