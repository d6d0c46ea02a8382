import { makeAutoObservable, runInAction } from 'mobx';
import { answered, messageOf } from '@storefront/shared';
import type { StaffApi, StaffMember } from '@storefront/shared/staff';

/** Where a staff session is kept: the tab's sessionStorage, never the shopper's saved state. */
export const STAFF_SESSION_KEY = 'storefront.staff';

export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface SavedStaffSession {
  token: string;
  expires_at: string;
  staff: StaffMember;
}

/**
 * The staff member signed in to the back office (issue 38), apart from the shopper's session: its own
 * token in this tab's sessionStorage (closing the tab ends it; a shared shop computer keeps nothing),
 * signed in with e-mail and password, then the code e-mailed to them. The API decides every right; the
 * store only shows what the member's role may open.
 */
export class StaffSessionStore {
  token: string | null = null;
  expiresAt: string | null = null;
  member: StaffMember | null = null;
  /** After the password step: what the e-mailed code is checked against. */
  challenge: string | null = null;
  /** Development only: the code the API put in its answer, shown on the page. */
  devCode: string | null = null;
  /** Why the member is signed out (an expired or revoked session), shown on the sign-in page. */
  notice: string | null = null;

  constructor(
    private readonly api: Pick<StaffApi, 'signIn' | 'verifySignIn' | 'signOut' | 'me'>,
    private readonly storage: SessionStorageLike | undefined,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<StaffSessionStore, 'api' | 'storage' | 'now'>(this, { api: false, storage: false, now: false }, { autoBind: true });
    this.restore();
  }

  get signedIn(): boolean {
    return this.token !== null && this.member !== null;
  }

  get isOwner(): boolean {
    return this.member?.role === 'owner';
  }

  /** Step one: e-mail and password; the API e-mails a code. Rejects with the API's message and field errors. */
  async signIn(email: string, password: string): Promise<void> {
    const res = answered(await this.api.signIn({ email, password }));
    runInAction(() => {
      this.challenge = res.data?.challenge ?? null;
      this.devCode = res.data?.code ?? null;
      this.notice = null;
    });
  }

  /** Step two: the e-mailed code opens the session. */
  async verify(code: string): Promise<void> {
    if (!this.challenge) throw new Error('Please sign in again to get a new code');
    const res = answered(await this.api.verifySignIn({ challenge: this.challenge, code }));
    const session = res.data;
    if (!session) throw new Error('Sign-in failed');
    runInAction(() => {
      this.token = session.token;
      this.expiresAt = session.expires_at;
      this.member = session.staff;
      this.challenge = null;
      this.devCode = null;
    });
    this.save();
  }

  /** Back to the password step (a code that never came, another account). */
  startOver(): void {
    this.challenge = null;
    this.devCode = null;
  }

  /** Ends the session on the server too; signed out here whatever the server says. */
  async signOut(): Promise<void> {
    try {
      if (this.token) await this.api.signOut();
    } finally {
      this.clear(null);
    }
  }

  /** The API refused the token (expired, revoked, disabled): signed out with the reason shown. */
  expired(): void {
    if (this.token) this.clear('Your session has ended. Please sign in again.');
  }

  /** Checks a restored session with the server (role changes, revocations) and refreshes the member. */
  async refresh(): Promise<void> {
    if (!this.token) return;
    try {
      const res = await this.api.me();
      runInAction(() => {
        if (res?.data?.staff) this.member = res.data.staff;
      });
      this.save();
    } catch (err) {
      // A 401 already signed out through `expired`; anything else keeps the session for the next try.
      runInAction(() => {
        if (this.token) this.notice = messageOf(err, 'Could not reach the shop server');
      });
    }
  }

  private clear(notice: string | null): void {
    this.token = null;
    this.expiresAt = null;
    this.member = null;
    this.challenge = null;
    this.devCode = null;
    this.notice = notice;
    this.storage?.removeItem(STAFF_SESSION_KEY);
  }

  private save(): void {
    if (!this.token || !this.member || !this.expiresAt) return;
    const saved: SavedStaffSession = { token: this.token, expires_at: this.expiresAt, staff: this.member };
    this.storage?.setItem(STAFF_SESSION_KEY, JSON.stringify(saved));
  }

  private restore(): void {
    let saved: Partial<SavedStaffSession> | null = null;
    try {
      saved = JSON.parse(this.storage?.getItem(STAFF_SESSION_KEY) ?? 'null') as Partial<SavedStaffSession> | null;
    } catch {
      saved = null;
    }
    if (!saved?.token || !saved.staff || !saved.expires_at) return;
    if (Date.parse(saved.expires_at) <= this.now()) {
      this.storage?.removeItem(STAFF_SESSION_KEY);
      return;
    }
    this.token = saved.token;
    this.expiresAt = saved.expires_at;
    this.member = saved.staff;
  }
}
