import { ApiError, withCheckedAnswers } from '@storefront/shared';
import { recordCalls } from './recordCalls';
import type { ShopSettings, ShopSettingsApi, StaffPincode } from '@storefront/shared/staff';

export interface FakeSettingsState {
  settings: ShopSettings;
  pincodes: StaffPincode[];
  calls: { method: keyof ShopSettingsApi; args: unknown[] }[];
  /** What the next upload answers: counts, or the loader's problems (a 422 as the API answers it). */
  uploadProblems: string[] | null;
}

export type FakeShopSettingsApi = ShopSettingsApi & { state: FakeSettingsState };

const bengaluru: StaffPincode = {
  pincode: '560038',
  district: 'Bengaluru',
  state: 'Karnataka',
  zone: 'Local',
  min_days: 1,
  max_days: 2,
  cod: true,
  cod_excluded: false,
};

/** An in-memory settings API answering as the real one does for what the page relies on. */
export function createFakeShopSettingsApi(init: Partial<FakeSettingsState> = {}): FakeShopSettingsApi {
  const state: FakeSettingsState = {
    settings: {
      rules: { processing_days: 1, closing_time: '20:00', cod_max_order: null, cod_fee: '0.00', cod_rto_limit: null, cod_otp_above: null },
      holidays: [{ day: '2026-12-25', name: 'Christmas' }],
      zones: [{ zone: 'Local', pincodes: 12, min_days: 1, max_days: 2 }],
      pincodes: 45,
      cod_excluded: [],
      gst_rates: [{ category_id: 3, slug: 't-shirts', name: 'T-Shirts', hsn: '6109', rate: '5', threshold: null, rate_above: null }],
    },
    pincodes: [bengaluru, { ...bengaluru, pincode: '560001' }],
    calls: [],
    uploadProblems: null,
    ...init,
  };
  const money = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v).toFixed(2));
  const api: ShopSettingsApi = {
    async settings() {
      return { success: true, data: JSON.parse(JSON.stringify(state.settings)) as ShopSettings };
    },
    async changeRules(change) {
      const r = state.settings.rules;
      state.settings.rules = {
        ...r,
        ...change,
        ...('cod_fee' in change ? { cod_fee: money(change.cod_fee) ?? '0.00' } : {}),
        ...('cod_max_order' in change ? { cod_max_order: money(change.cod_max_order) } : {}),
        ...('cod_otp_above' in change ? { cod_otp_above: money(change.cod_otp_above) } : {}),
      };
      return { success: true, data: { rules: state.settings.rules } };
    },
    async changeHoliday(day, name) {
      const rest = state.settings.holidays.filter((h) => h.day !== day);
      state.settings.holidays = name === null ? rest : [...rest, { day, name }].sort((a, b) => a.day.localeCompare(b.day));
      return { success: true };
    },
    async changeZone(zone, min, max) {
      state.settings.zones = state.settings.zones.map((z) => (z.zone === zone ? { ...z, min_days: min, max_days: max } : z));
      return { success: true };
    },
    async searchPincodes(prefix) {
      return { success: true, data: { pincodes: state.pincodes.filter((p) => p.pincode.startsWith(prefix)) } };
    },
    async setPincodeCod(pincode, cod) {
      const found = state.pincodes.find((p) => p.pincode === pincode);
      if (!found) throw new ApiError(404, [`Pincode ${pincode} is not in the list`]);
      const next = cod ? { ...found, cod: true, cod_excluded: false } : { ...found, cod_excluded: true };
      state.pincodes = state.pincodes.map((p) => (p.pincode === pincode ? next : p));
      return { success: true, data: { pincode: next } };
    },
    async uploadPincodes(file) {
      const problems = state.uploadProblems;
      if (problems) throw new ApiError(422, problems, { file: problems.join('\n') });
      // jsdom's Blob has no text(): read it as a browser before 2020 would.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(file);
      });
      const rows = text.trim().split('\n').length - 1;
      const before = state.settings.pincodes;
      state.settings.pincodes = rows;
      return { success: true, data: { before, after: rows } };
    },
    async changeGstRate(id, change) {
      state.settings.gst_rates = state.settings.gst_rates.map((g) =>
        g.category_id === id
          ? { ...g, hsn: change.hsn, rate: change.rate, threshold: money(change.threshold), rate_above: change.rate_above ?? null }
          : g,
      );
      return { success: true };
    },
  };
  const recorded = recordCalls(api, state.calls);
  return Object.assign(withCheckedAnswers(recorded), { state });
}
