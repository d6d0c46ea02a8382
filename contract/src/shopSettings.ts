/**
 * The owner's delivery, cash-on-delivery and GST settings as the back office edits them (issue 39):
 * `/api/staff/settings/*`, owner only. Money is rupees with two decimals (as every answer); a null COD
 * rule is off. The CLI commands (`cod:rules`, `delivery:rules`, `pincodes:load`, `gst-rates`) change the
 * same rows through the same domain functions.
 */

export interface ShippingRulesWire {
  processing_days: number;
  /** The shop's closing time, IST, 24-hour "HH:MM": an order after it is packed the next working day. */
  closing_time: string;
  cod_max_order: string | null;
  cod_fee: string;
  /** Returned-to-origin COD parcels after which a mobile is refused COD. */
  cod_rto_limit: number | null;
  /** Cash orders above this are confirmed by a one-time code. */
  cod_otp_above: string | null;
}

/** What the page sends: only the fields it changes; null switches a COD rule off. */
export type ShippingRulesChangeWire = Partial<ShippingRulesWire>;

export interface DeliveryZone {
  zone: string;
  pincodes: number;
  min_days: number;
  max_days: number;
}

export interface GstRateWire {
  category_id: number;
  slug: string;
  name: string;
  /** null: not classified yet (invoiced at 18% as UNCLASSIFIED). */
  hsn: string | null;
  /** Percent, like "5" or "18". */
  rate: string | null;
  /** Rupees a piece up to which `rate` applies (apparel), and the rate above it. */
  threshold: string | null;
  rate_above: string | null;
}

export interface ShopSettings {
  rules: ShippingRulesWire;
  holidays: { day: string; name: string }[];
  zones: DeliveryZone[];
  /** Served pincodes; 0: no list loaded, the shop delivers all over India. */
  pincodes: number;
  cod_excluded: string[];
  gst_rates: GstRateWire[];
}

export interface StaffPincode {
  pincode: string;
  district: string;
  state: string;
  zone: string;
  min_days: number;
  max_days: number;
  /** The list's own cod column. */
  cod: boolean;
  /** On the owner's no-cash list (kept across list reloads). */
  cod_excluded: boolean;
}

export interface GstRateChangeWire {
  hsn: string;
  rate: string;
  threshold?: string | null;
  rate_above?: string | null;
}

/** Pincodes a search answers at most. */
export const PINCODE_SEARCH_LIMIT = 50;

/** The settings forms' words, the API's field errors and the back office's checks alike. */
export const SETTINGS_MESSAGES = {
  rupees: (label: string) => `${label} must be an amount in rupees (up to 2 decimals)`,
  whole: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  closingTime: 'Closing time must be a time like 20:00',
  maxDays: 'Must be at least the fewest days',
  hsn: 'HSN is 4, 6 or 8 digits',
  rate: 'Must be a percentage like 5 or 18',
  threshold: 'Value per piece must be whole rupees',
  thresholdPair: 'Give both the value per piece and the rate above it, or neither',
} as const;

/** The limits of the numbers the owner sets (contract: the API's schema and the page's checks). */
export const SETTINGS_LIMITS = { processingDays: 30, courierDays: 30, rtoMin: 1, rtoMax: 100 } as const;
export const RUPEES_PATTERN = '^\\d{1,7}(\\.\\d{1,2})?$';
export const CLOSING_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const HSN_PATTERN = '^\\d{4}(\\d{2}){0,2}$';
export const GST_RATE_PATTERN = '^\\d{1,2}(\\.\\d{1,2})?$';
