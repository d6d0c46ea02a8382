import { memoryStorage } from '@storefront/shared/testing';
import { StaffSessionStore, STAFF_SESSION_KEY } from './StaffSessionStore';
import { createFakeStaffApi } from '../testing/fakeStaffApi';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');

function saved(expiresAt: string) {
  return JSON.stringify({
    token: 'staff-token-2',
    expires_at: expiresAt,
    staff: { id: 2, email: 'ravi@shop.in', name: 'Ravi Staff', role: 'staff', disabled: false, created_at: '2026-11-01T10:00:00.000Z' },
  });
}

describe('StaffSessionStore', () => {
  it('restores a session saved in this tab until it expires, and never one past its end', () => {
    const live = new StaffSessionStore(
      createFakeStaffApi(),
      memoryStorage({ [STAFF_SESSION_KEY]: saved('2026-11-27T20:00:00.000Z') }),
      () => NOW,
    );
    expect(live.signedIn).toBe(true);
    expect(live.isOwner).toBe(false);
    const storage = memoryStorage({ [STAFF_SESSION_KEY]: saved('2026-11-27T09:59:59.000Z') });
    const old = new StaffSessionStore(createFakeStaffApi(), storage, () => NOW);
    expect(old.signedIn).toBe(false);
    expect(storage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });

  it('ignores a saved session it cannot read', () => {
    const session = new StaffSessionStore(createFakeStaffApi(), memoryStorage({ [STAFF_SESSION_KEY]: '{not json' }), () => NOW);
    expect(session.signedIn).toBe(false);
  });

  it('a refused token (expired, revoked, disabled) signs out with the reason shown', () => {
    const storage = memoryStorage({ [STAFF_SESSION_KEY]: saved('2026-11-27T20:00:00.000Z') });
    const session = new StaffSessionStore(createFakeStaffApi(), storage, () => NOW);
    session.expired();
    expect(session.signedIn).toBe(false);
    expect(session.notice).toBe('Your session has ended. Please sign in again.');
    expect(storage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });

  it('signs out here even when the server cannot be told', async () => {
    const api = createFakeStaffApi();
    api.signOut = async () => {
      throw new Error('offline');
    };
    const storage = memoryStorage({ [STAFF_SESSION_KEY]: saved('2026-11-27T20:00:00.000Z') });
    const session = new StaffSessionStore(api, storage, () => NOW);
    await expect(session.signOut()).rejects.toThrow('offline');
    expect(session.signedIn).toBe(false);
    expect(storage.getItem(STAFF_SESSION_KEY)).toBeNull();
  });
});
