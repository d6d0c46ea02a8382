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
