import { answered, type StoreInfoFields, type StoreInfoStore } from '@storefront/shared';
import type { StaffApi } from '@storefront/shared/staff';

/** The owner's store settings page: saves what changed, then reads the shop's information again. */
export class StoreSettingsStore {
  constructor(
    private readonly api: Pick<StaffApi, 'changeStoreInfo'>,
    private readonly storeInfo: Pick<StoreInfoStore, 'fetch'>,
  ) {}

  /** Sends only the changed fields (the API checks only what it is sent); a refresh that fails is not the save's failure. */
  async save(changed: Partial<StoreInfoFields>): Promise<void> {
    answered(await this.api.changeStoreInfo(changed));
    await this.storeInfo.fetch().catch(() => undefined);
  }
}
