/**
 * Cash-on-delivery rules (issue 39), written once: the API enforces them inside the checkout transaction,
 * the pages use the same function to say before the order why cash is not offered. Returned-to-origin
 * parcels (fulfilment.ts) are an Indian shop's largest avoidable cost; these rules are how owners cut them.
 * Amounts are integer paise.
 */
import type { DeliveryWindow } from './delivery';

/** The owner's rules (`pnpm --filter @storefront/api cod:rules`); null switches a rule off. */
export interface CodRules {
  /** The largest order value (paise, goods after discount) that may be paid in cash. */
  maxOrderValue: number | null;
  /** Added to a cash-on-delivery order as its own line (paise; 0: none). Shipping stays Free (spec §9). */
  fee: number;
  /** A mobile with this many returned-to-origin cash parcels may no longer pay in cash. */
  rtoLimit: number | null;
  /** Cash orders above this value (paise) need a mobile proved by a one-time code on this session. */
  otpAbove: number | null;
}

export const DEFAULT_COD_RULES: CodRules = { maxOrderValue: null, fee: 0, rtoLimit: null, otpAbove: null };

/** Why cash on delivery is refused, in the order the rules are checked. */
export const COD_REFUSALS = ['pincode', 'order_value', 'returns', 'otp'] as const;
export type CodRefusal = (typeof COD_REFUSALS)[number];

/** What the rules look at; the facts a page does not know (returns, proof) are left out there. */
export interface CodFacts {
  /** Paise: the goods after the coupon, before the fee. */
  orderValue: number;
  /** Whether the delivery pincode takes cash (its row in the owner's list, and the owner's exclusions). */
  pincodeCod: boolean;
  returnedParcels?: number;
  /** Whether this session proved the mobile by a one-time code recently. */
  mobileProven?: boolean;
}

/** The first rule that refuses cash for these facts, or null when cash is allowed. */
export function codRefusal(rules: CodRules, facts: CodFacts): CodRefusal | null {
  if (!facts.pincodeCod) return 'pincode';
  if (rules.maxOrderValue !== null && facts.orderValue > rules.maxOrderValue) return 'order_value';
  if (rules.rtoLimit !== null && facts.returnedParcels !== undefined && facts.returnedParcels >= rules.rtoLimit) return 'returns';
  if (rules.otpAbove !== null && facts.mobileProven === false && facts.orderValue > rules.otpAbove) return 'otp';
  return null;
}

/**
 * The shopper's sentence for a refusal: why, and what to do instead (pay online when the shop takes it).
 * `amount` formats paise in the caller's style (the API's and the page's money helpers).
 */
export function codRefusalText(refusal: CodRefusal, rules: CodRules, amount: (paise: number) => string, prepaidOffered = true): string {
  const instead = prepaidOffered ? ' Please pay online (prepaid).' : '';
  switch (refusal) {
    case 'pincode':
      return `Cash on delivery is not available for this pincode.${instead}`;
    case 'order_value':
      return `Cash on delivery is available for orders up to ${amount(rules.maxOrderValue ?? 0)}.${instead}`;
    case 'returns':
      return `Cash on delivery is not available for this mobile number: earlier cash-on-delivery parcels to it were returned.${instead}`;
    case 'otp':
      return `Cash on delivery for orders over ${amount(rules.otpAbove ?? 0)} needs your mobile number confirmed with a one-time code.${
        prepaidOffered ? ' Confirm it, or pay online (prepaid).' : ' Please confirm it.'
      }`;
  }
}

/** The checkout's refusal of a pincode the shop does not deliver to (before any payment). */
export const UNSERVED_PINCODE = 'Sorry, we do not deliver to this pincode yet. Please choose another delivery address.';

/** GET /pincode/{pincode}: serviceability, the delivery window and cash on delivery for one pincode. */
export interface PincodeCheck {
  pincode: string;
  serviceable: boolean;
  /** Where the owner's list places it (null when not served, or when no list is loaded). */
  district: string | null;
  state: string | null;
  zone: string | null;
  /** The delivery window for an order placed now; null when not served. */
  delivery: (DeliveryWindow & { text: string }) | null;
  cod: {
    /** Whether the pincode takes cash (order-value rules are in `max_order_value`, `otp_above`). */
    available: boolean;
    /** Why not, when it is not (the shopper's sentence). */
    reason: string | null;
    /** Rupees, two decimals ("49.00"). */
    fee: string;
    max_order_value: string | null;
    otp_above: string | null;
  };
}
