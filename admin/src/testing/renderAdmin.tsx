import { memoryStorage, renderWithStores } from '@storefront/shared/testing';
import { AdminApp } from '../AdminApp';
import { StaffSessionStore, STAFF_SESSION_KEY } from '../stores/StaffSessionStore';
import { createFakeStaffApi, type FakeStaffApi } from './fakeStaffApi';
import { createFakeShopSettingsApi, type FakeShopSettingsApi } from './fakeShopSettingsApi';
import { createFakeSearchSynonymsApi, type FakeSearchSynonymsApi } from './fakeSearchSynonymsApi';

/** The back office at `route` over the fakes; `signedInAs` restores that member's session from the tab. */
export function renderAdmin(
  route: string,
  opts: { api?: FakeStaffApi; settings?: FakeShopSettingsApi; synonyms?: FakeSearchSynonymsApi; signedInAs?: number } = {},
) {
  const api = opts.api ?? createFakeStaffApi();
  const settings = opts.settings ?? createFakeShopSettingsApi();
  const synonyms = opts.synonyms ?? createFakeSearchSynonymsApi();
  const storage = memoryStorage();
  const session = new StaffSessionStore(api, storage);
  if (opts.signedInAs !== undefined) {
    const { password: _p, ...staff } = api.state.members.find((m) => m.id === opts.signedInAs)!;
    api.state.signedInAs = staff.id;
    storage.setItem(STAFF_SESSION_KEY, JSON.stringify({ token: `staff-token-${staff.id}`, expires_at: '2099-01-01T00:00:00.000Z', staff }));
  }
  const restored = opts.signedInAs !== undefined ? new StaffSessionStore(api, storage) : session;
  const view = renderWithStores(<AdminApp admin={{ api, settings, synonyms, session: restored }} />, { route, path: '/admin/*' });
  return { ...view, staffApi: api, settingsApi: settings, synonymsApi: synonyms, session: restored, storage };
}
