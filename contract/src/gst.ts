/**
 * India's GST as the packages agree on it (issue 39): the state codes the GSTIN and the place of supply
 * use, and the GSTIN rule (format and check character) the checkout form and the API both apply. Also the
 * address book's limits and shapes, and what an order says about its tax documents.
 */
import type { ShippingAddress } from './account';

/** The GST state code of every state and union territory, by the names the shop's state list uses. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The code of a state by its name (case and spacing forgiven); undefined for a name GST does not know. */
export function gstStateCode(state: string): string | undefined {
  const wanted = state.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (name.toLowerCase() === wanted) return code;
  return undefined;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN's 15th character: a Luhn mod 36 over the first fourteen (the GST network's own rule), each
 * character's value weighted 1, 2, 1, 2 … and its quotient and remainder by 36 summed.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] ?? '0';
}

export const GSTIN_MESSAGES = {
  invalid: 'Enter a valid 15-character GSTIN (e.g. 29ABCDE1234F1ZW)',
  checkDigit: 'This GSTIN has a typo: its last character does not match',
  state: 'This GSTIN has no valid state code',
} as const;

/**
 * Why a GSTIN is not acceptable (one of GSTIN_MESSAGES), or null when it is; upper-case it first. A
 * business buyer's GSTIN is printed on the tax invoice, so a typo is refused before the order is placed.
 */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_MESSAGES.invalid;
  if (!Object.values(GST_STATE_CODES).includes(gstin.slice(0, 2))) return GSTIN_MESSAGES.state;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.checkDigit;
  return null;
}

// ---------- the address book ----------

/** Saved addresses one customer may keep (home, office, parents' house … with room to spare). */
export const MAX_SAVED_ADDRESSES = 20;
export const ADDRESS_LABEL_MAX = 30;
export const ADDRESS_BOOK_FULL = `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one you no longer use first.`;

/** A saved address as the address book answers it; the default one is spec §3's shipping address. */
export interface SavedAddress extends Omit<ShippingAddress, 'alt_phone_number'> {
  id: number;
  alt_phone_number: string | null;
  /** The customer's own name for it ("Home", "Office"); "" when none. */
  label: string;
  is_default: boolean;
}

/** `POST /customer/addresses` and `PUT /customer/addresses/:id`. */
export interface SavedAddressPayload extends ShippingAddress {
  label?: string;
  /** Make it the default (spec §3's shipping address); the first saved address is the default anyway. */
  is_default?: boolean;
}

/** An order's tax documents once issued: the invoice's number, and the credit note's when it was cancelled after. */
export interface OrderDocuments {
  invoice_number: string | null;
  credit_note_number: string | null;
}
