/**
 * The owner's delivery, COD and GST settings calls (issue 39, `/staff/settings/*`), over the back
 * office's staff client. Exported from `@storefront/shared/staff`: only the admin remote loads it.
 */
import type { ApiEnvelope } from '@storefront/contract/wire';
import type {
  GstRateChangeWire,
  ShippingRulesChangeWire,
  ShippingRulesWire,
  ShopSettings,
  StaffPincode,
} from '@storefront/contract/shop-settings';
import type { ApiClient } from './client';
import type { Call, CallOptions } from './Api';
import { withCheckedAnswers } from './checked';

export type {
  DeliveryZone,
  GstRateChangeWire,
  GstRateWire,
  ShippingRulesChangeWire,
  ShippingRulesWire,
  ShopSettings,
  StaffPincode,
} from '@storefront/contract/shop-settings';
export { PINCODE_SEARCH_LIMIT, SETTINGS_MESSAGES } from '@storefront/contract/shop-settings';

export interface ShopSettingsApi {
  settings(o?: CallOptions): Call<ApiEnvelope<ShopSettings>>;
  changeRules(change: ShippingRulesChangeWire, o?: CallOptions): Call<ApiEnvelope<{ rules: ShippingRulesWire }>>;
  /** `name` null removes the holiday. */
  changeHoliday(day: string, name: string | null, o?: CallOptions): Call<ApiEnvelope>;
  changeZone(zone: string, minDays: number, maxDays: number, o?: CallOptions): Call<ApiEnvelope>;
  searchPincodes(prefix: string, o?: CallOptions): Call<ApiEnvelope<{ pincodes: StaffPincode[] }>>;
  setPincodeCod(pincode: string, cod: boolean, o?: CallOptions): Call<ApiEnvelope<{ pincode: StaffPincode }>>;
  /** The owner's CSV file as it was chosen: the API checks it with `pincodes:load`'s own loader. */
  uploadPincodes(file: Blob, o?: CallOptions): Call<ApiEnvelope<{ before: number; after: number }>>;
  changeGstRate(categoryId: number, change: GstRateChangeWire, o?: CallOptions): Call<ApiEnvelope>;
}

export function createShopSettingsApi(c: ApiClient): ShopSettingsApi {
  return withCheckedAnswers<ShopSettingsApi>({
    settings: (o) => c.get('/staff/settings', o),
    changeRules: (change, o) => c.post('/staff/settings/rules', change, o),
    changeHoliday: (day, name, o) => c.post('/staff/settings/holidays', { day, name }, o),
    changeZone: (zone, min, max, o) => c.post('/staff/settings/zones', { zone, min_days: min, max_days: max }, o),
    searchPincodes: (prefix, o) => c.get('/staff/settings/pincodes', { ...o, params: { search: prefix } }),
    setPincodeCod: (pincode, cod, o) => c.post(`/staff/settings/pincodes/${encodeURIComponent(pincode)}`, { cod }, o),
    // A file picked in a browser may say text/plain or nothing; the API reads the body as CSV either way.
    uploadPincodes: (file, o) =>
      c.postFile('/staff/settings/pincodes', file.type === 'text/csv' ? file : new Blob([file], { type: 'text/csv' }), o),
    changeGstRate: (id, change, o) => c.post(`/staff/settings/gst-rates/${id}`, change, o),
  });
}
