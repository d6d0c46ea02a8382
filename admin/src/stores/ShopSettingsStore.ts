import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState } from '@storefront/shared';
import type { GstRateChangeWire, ShippingRulesChangeWire, ShopSettings, ShopSettingsApi, StaffPincode } from '@storefront/shared/staff';

/** The owner's delivery, COD and GST settings page (issue 39): what is saved, and one pincode search. */
export class ShopSettingsStore {
  settings: ShopSettings | null = null;
  found: StaffPincode[] = [];
  searched: string | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly api: ShopSettingsApi) {
    makeAutoObservable<ShopSettingsStore, 'api'>(this, { api: false, settings: observableRef, found: observableRef }, { autoBind: true });
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the delivery settings', async () => {
      const res = answered(await this.api.settings());
      runInAction(() => (this.settings = res.data ?? null));
    });
  }

  async changeRules(change: ShippingRulesChangeWire): Promise<void> {
    answered(await this.api.changeRules(change));
    await this.load();
  }

  async changeHoliday(day: string, name: string | null): Promise<void> {
    answered(await this.api.changeHoliday(day, name));
    await this.load();
  }

  async changeZone(zone: string, minDays: number, maxDays: number): Promise<void> {
    answered(await this.api.changeZone(zone, minDays, maxDays));
    await this.load();
  }

  async changeGstRate(categoryId: number, change: GstRateChangeWire): Promise<void> {
    answered(await this.api.changeGstRate(categoryId, change));
    await this.load();
  }

  /** Replaces the list; resolves to the message saying how many pincodes are served now. */
  async upload(file: Blob): Promise<string> {
    const res = answered(await this.api.uploadPincodes(file));
    await this.load();
    const counts = res.data;
    return counts
      ? `${counts.after.toLocaleString('en-IN')} pincodes served (were ${counts.before.toLocaleString('en-IN')})`
      : 'List loaded';
  }

  async search(prefix: string): Promise<void> {
    await withLoadState(this, 'Could not search the pincodes', async () => {
      const res = answered(await this.api.searchPincodes(prefix));
      runInAction(() => {
        this.found = res.data?.pincodes ?? [];
        this.searched = prefix;
      });
    });
  }

  async setCod(pincode: string, cod: boolean): Promise<void> {
    const res = answered(await this.api.setPincodeCod(pincode, cod));
    const next = res.data?.pincode;
    if (next) runInAction(() => (this.found = this.found.map((p) => (p.pincode === pincode ? next : p))));
  }
}
