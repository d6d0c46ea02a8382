import { makeAutoObservable, runInAction } from 'mobx';
import type { Api } from '../api/Api';
import { withLoadState } from './loadState';
import { PAYMENT_METHODS } from '@storefront/contract/rules';
import type { Category, PaymentMethod, StoreInfoData, StoreInfoFields } from '../api/types';
import { MESSAGES } from '../messages';
import { STORE_INFO_DEFAULTS, themeFrom, type Theme } from './theme';

/**
 * Store information and theme (spec §3): defaults until `/store-info` answers, then the store's
 * non-empty values. Persisted, so a returning shopper sees the store's look at once (spec §4).
 */
export class StoreInfoStore {
  data: StoreInfoData | null = null;
  loading = false;
  error: string | null = null;
  /** Spec §3: banner type and category layout can be set at run time. */
  overrides: Partial<Pick<StoreInfoFields, 'bannerType' | 'categoryLayout'>> = {};

  constructor(private readonly api: Api) {
    makeAutoObservable<StoreInfoStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Every field of spec §3, each empty value replaced by its default. */
  get info(): StoreInfoFields {
    const raw = this.data?.storeinfo;
    const merged = { ...STORE_INFO_DEFAULTS };
    if (raw) {
      for (const k of Object.keys(merged) as (keyof StoreInfoFields)[]) {
        const v = raw[k];
        if (typeof v === 'string' && v.trim() !== '') merged[k] = v;
      }
    }
    return { ...merged, ...this.overrides };
  }

  get storeName(): string {
    return this.info.store_name;
  }

  get categories(): Category[] {
    return this.data?.sub_category_list ?? [];
  }

  /**
   * What checkout may offer: the server's list (PAYMENT_PROVIDER=none: cash on delivery alone); every
   * method from a server that does not say.
   */
  get paymentMethods(): readonly PaymentMethod[] {
    return this.data?.payment_methods ?? PAYMENT_METHODS;
  }

  get theme(): Theme {
    return themeFrom(this.info);
  }

  setBannerType(bannerType: 'slider' | 'static'): void {
    this.overrides = { ...this.overrides, bannerType };
  }

  setCategoryLayout(categoryLayout: 'swiper' | 'grid'): void {
    this.overrides = { ...this.overrides, categoryLayout };
  }

  hydrate(data: StoreInfoData | null | undefined): void {
    if (data && typeof data === 'object' && 'storeinfo' in data) this.data = data;
  }

  /** Fetches once per page load; on failure the defaults (or the saved copy) stay in use. */
  async fetch(): Promise<void> {
    await withLoadState(this, MESSAGES.storeInfoFailed, async () => {
      const res = await this.api.getStoreInfo();
      runInAction(() => {
        if (res?.data) this.data = res.data;
      });
    });
  }
}
