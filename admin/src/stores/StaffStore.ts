import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState } from '@storefront/shared';
import type { StaffAction, StaffApi, StaffMember, StaffRole } from '@storefront/shared/staff';

/** The owner's pages: the shop's staff members and the record of what each of them did. */
export class StaffStore {
  members: StaffMember[] = [];
  actions: StaffAction[] = [];
  nextBefore: number | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly api: Pick<StaffApi, 'members' | 'addMember' | 'changeMember' | 'revokeSessions' | 'activity'>) {
    makeAutoObservable<StaffStore, 'api'>(this, { api: false, members: observableRef, actions: observableRef }, { autoBind: true });
  }

  async loadMembers(): Promise<void> {
    await withLoadState(this, 'Could not load the staff', async () => {
      const res = answered(await this.api.members());
      runInAction(() => {
        this.members = res.data?.members ?? [];
      });
    });
  }

  async add(member: { email: string; name: string; role: StaffRole; password: string }): Promise<void> {
    answered(await this.api.addMember(member));
    await this.loadMembers();
  }

  async change(id: number, change: { role?: StaffRole; disabled?: boolean }): Promise<void> {
    const res = answered(await this.api.changeMember(id, change));
    const updated = res.data?.staff;
    if (updated) runInAction(() => (this.members = this.members.map((m) => (m.id === id ? updated : m))));
  }

  /** Signs a member out everywhere; resolves to how many sessions ended. */
  async revoke(id: number): Promise<number> {
    return answered(await this.api.revokeSessions(id)).data?.ended ?? 0;
  }

  /** The newest actions, or (`more`) the page after the ones shown. */
  async loadActivity(more = false): Promise<void> {
    await withLoadState(this, 'Could not load the activity record', async () => {
      const res = answered(await this.api.activity(more && this.nextBefore ? { before: this.nextBefore } : {}));
      runInAction(() => {
        const page = res.data?.actions ?? [];
        this.actions = more ? [...this.actions, ...page] : page;
        this.nextBefore = res.data?.next_before ?? null;
      });
    });
  }
}
