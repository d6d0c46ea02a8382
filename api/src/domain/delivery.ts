/**
 * Where the shop delivers, by when, and when it takes cash (issue 39). The owner's pincode list is loaded
 * whole from a CSV, checked row by row; the rules (contract/delivery.ts, contract/cod.ts) are applied here
 * for the public pincode check and, fresh from the database, inside the checkout transaction
 * (`checkDeliveryAndCod`, called once from placeOrder). No Fastify here.
 */
import {
  codRefusal,
  codRefusalText,
  deliveryWindow,
  formatDeliveryWindow,
  isIsoDate,
  PINCODE_PATTERN,
  UNSERVED_PINCODE,
  type CodRules,
  type DeliverySchedule,
  type PincodeCheck,
} from '@storefront/contract';
import { parsePincodeCsv } from '../db/pincodeFile';
import type { Repositories } from '../db/repositories';
import type { PincodeRow, ShippingRules } from '../db/repositories/delivery';
import type { Clock } from '../lib/clock';
import { fieldError, unprocessable } from '../lib/errors';
import { money, rupees } from '../lib/money';
import type { Transaction } from './cart';

/** How recently this session must have proved its mobile by a code for a cash order over `otpAbove`. */
export const COD_PROOF_MS = 60 * 60_000;
export { PINCODE_COLUMNS, PincodeFileError, parsePincodeCsv } from '../db/pincodeFile';

const PINCODE = new RegExp(PINCODE_PATTERN);

/** Replaces the served pincodes with the file's, in one transaction, recorded with who loaded it. */
export async function loadPincodes(
  tx: Transaction,
  text: string,
  by: string,
  staffId: number | null = null,
): Promise<{ before: number; after: number }> {
  const rows = parsePincodeCsv(text);
  return tx(async (r) => {
    const before = await r.delivery.count();
    await r.delivery.replacePincodes(rows);
    await r.delivery.bumpVersion();
    await r.staff.record(staffId, {
      action: 'pincodes.load',
      subjectType: 'pincodes',
      subjectId: 'all',
      before: { count: before },
      after: { count: rows.length, by },
    });
    return { before, after: rows.length };
  });
}

/** What the owner may change; money in paise, null switches a COD rule off. */
export type RulesChange = Partial<ShippingRules>;

/** Changes the shipping and cash-on-delivery rules in one transaction, recorded with who changed them. */
export async function changeRules(tx: Transaction, change: RulesChange, by: string, staffId: number | null = null): Promise<ShippingRules> {
  const problems: string[] = [];
  const count = (v: number | null | undefined, name: string, max: number, nullable: boolean) => {
    if (v === undefined || (v === null && nullable)) return;
    if (v === null || !Number.isInteger(v) || v < 0 || v > max) problems.push(`${name} must be a whole number from 0 to ${max}`);
  };
  count(change.processingDays, 'processing days', 30, false);
  count(change.closingMinute, 'closing time', 24 * 60, false);
  count(change.maxOrderValue, 'maximum COD order value', 100_000_000, true);
  count(change.fee, 'COD fee', 1_000_000, false);
  count(change.rtoLimit, 'returned parcels', 100, true);
  count(change.otpAbove, 'one-time code threshold', 100_000_000, true);
  if (change.rtoLimit === 0) problems.push('returned parcels must be at least 1 (or off)');
  if (problems.length) throw unprocessable(problems.join('; '));
  return tx(async (r) => {
    const before = await r.delivery.rules();
    const after = { ...before, ...change };
    await r.delivery.setRules(after);
    await r.delivery.bumpVersion();
    await r.staff.record(staffId, {
      action: 'shipping_rules.change',
      subjectType: 'shipping_rules',
      subjectId: 1,
      before,
      after: { ...after, by },
    });
    return after;
  });
}

/** Adds or removes pincodes from the owner's no-cash list, recorded. */
export async function changeCodExclusions(
  tx: Transaction,
  pincodes: string[],
  exclude: boolean,
  by: string,
  staffId: number | null = null,
): Promise<void> {
  const bad = pincodes.filter((p) => !PINCODE.test(p));
  if (bad.length || pincodes.length === 0) throw unprocessable(`not pincodes: ${bad.join(', ') || '(none given)'}`);
  await tx(async (r) => {
    if (exclude) await r.delivery.excludeCod(pincodes);
    else await r.delivery.allowCod(pincodes);
    await r.delivery.bumpVersion();
    await r.staff.record(staffId, {
      action: exclude ? 'cod.exclude' : 'cod.allow',
      subjectType: 'pincodes',
      subjectId: pincodes.join(' ').slice(0, 200),
      before: null,
      after: { pincodes, by },
    });
  });
}

/** Adds (or renames) or removes a holiday, recorded. */
export async function changeHoliday(
  tx: Transaction,
  day: string,
  name: string | null,
  by: string,
  staffId: number | null = null,
): Promise<void> {
  if (!isIsoDate(day)) throw unprocessable(`"${day}" is not a date (YYYY-MM-DD)`);
  await tx(async (r) => {
    if (name === null) await r.delivery.removeHoliday(day);
    else await r.delivery.addHoliday(day, name.trim().slice(0, 80) || 'Holiday');
    await r.delivery.bumpVersion();
    await r.staff.record(staffId, {
      action: name === null ? 'holiday.remove' : 'holiday.add',
      subjectType: 'holiday',
      subjectId: day,
      before: null,
      after: { name, by },
    });
  });
}

/** What one pincode check needs besides the pincode's own row. */
interface Settings {
  rules: ShippingRules;
  schedule: DeliverySchedule;
  hasList: boolean;
}

async function readSettings(r: Repositories): Promise<Settings> {
  const [rules, holidays, hasList] = [await r.delivery.rules(), await r.delivery.holidays(), await r.delivery.hasList()];
  return {
    rules,
    hasList,
    schedule: { processingDays: rules.processingDays, closingMinute: rules.closingMinute, holidays: holidays.map((h) => h.day) },
  };
}

/** One pincode's facts: its row (null: not in the list) and whether the owner barred cash there. */
interface PincodeFacts {
  row: PincodeRow | null;
  excluded: boolean;
}

async function readPincode(r: Repositories, pincode: string): Promise<PincodeFacts> {
  return { row: (await r.delivery.pincode(pincode)) ?? null, excluded: await r.delivery.codExcluded(pincode) };
}

/** Courier days when the shop has no list (it delivers everywhere): the spec's "All over India". */
const ANYWHERE = { min: 3, max: 7 };

function answer(pincode: string, s: Settings, p: PincodeFacts, now: number, prepaidOffered: boolean): PincodeCheck {
  const served = p.row !== null || !s.hasList;
  const cod = served && (p.row ? p.row.cod === 1 : true) && !p.excluded;
  const window = served ? deliveryWindow(now, s.schedule, p.row ? { min: p.row.min_days, max: p.row.max_days } : ANYWHERE) : null;
  return {
    pincode,
    serviceable: served,
    district: p.row?.district ?? null,
    state: p.row?.state ?? null,
    zone: p.row?.zone ?? null,
    delivery: window ? { ...window, text: formatDeliveryWindow(window) } : null,
    cod: {
      available: cod,
      reason: !served ? UNSERVED_PINCODE : cod ? null : codRefusalText('pincode', s.rules, rupees, prepaidOffered),
      fee: money(s.rules.fee),
      max_order_value: s.rules.maxOrderValue === null ? null : money(s.rules.maxOrderValue),
      otp_above: s.rules.otpAbove === null ? null : money(s.rules.otpAbove),
    },
  };
}

/**
 * The public pincode check, cached per API process: each pincode's row and the shop's settings for `ttlMs`;
 * the dates are worked out per request, since they move at the closing hour. Every settings change raises
 * a version in the database (migration 030), read at most every `pollMs`: when it moved, everything cached
 * is dropped, so an owner's change reaches every process within a poll (`ttlMs` still bounds an edit made
 * behind the API's back). Bounded: a scan of made-up pincodes evicts the oldest entries.
 */
export class PincodeLookup {
  private readonly pincodes = new Map<string, { at: number; facts: PincodeFacts }>();
  private settings: { at: number; value: Promise<Settings> } | null = null;
  /** Raised by each drop: a row read across one is not kept. */
  private generation = 0;
  private version: number | null = null;
  private polledAt = -Infinity;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
    private readonly opts: { ttlMs: number; maxEntries: number; pollMs: number },
  ) {}

  /** Reads the settings' version when `pollMs` has passed (concurrent checks share one read). */
  private sync(now: number): Promise<void> {
    if (this.polling) return this.polling;
    if (now - this.polledAt < this.opts.pollMs) return Promise.resolve();
    this.polling = (async () => {
      try {
        // The database away: the cached answers stand (their TTL still bounds them) and the next poll asks again.
        const version = await this.repos.delivery.version().catch(() => this.version);
        if (this.version !== null && version !== this.version) {
          this.pincodes.clear();
          this.settings = null;
          this.generation += 1;
        }
        this.version = version;
      } finally {
        this.polledAt = this.clock.now();
        this.polling = null;
      }
    })();
    return this.polling;
  }

  /**
   * `onUnlisted` runs when the database was asked about a pincode the owner's list does not hold: the
   * route counts those per client there. A shopper checks a few real pincodes; a scan of made-up ones
   * (to map the list, or to fill the cache with junk) is what meets the limit, and a served pincode
   * costs no limit write (each one a commit, on SQLite an fsync).
   */
  async check(pincode: string, prepaidOffered: boolean, onUnlisted: () => Promise<void> = async () => undefined): Promise<PincodeCheck> {
    const now = this.clock.now();
    await this.sync(now);
    const generation = this.generation;
    if (!this.settings || now - this.settings.at > this.opts.ttlMs) {
      const value = readSettings(this.repos);
      this.settings = { at: now, value };
      value.catch(() => (this.settings = null));
    }
    const settings = await this.settings.value;
    let hit = this.pincodes.get(pincode);
    if (!hit || now - hit.at > this.opts.ttlMs) {
      hit = { at: now, facts: await readPincode(this.repos, pincode) };
      if (!hit.facts.row && settings.hasList) await onUnlisted();
      this.pincodes.delete(pincode);
      if (this.pincodes.size >= this.opts.maxEntries) {
        const oldest = this.pincodes.keys().next().value;
        if (oldest !== undefined) this.pincodes.delete(oldest);
      }
      if (generation === this.generation) this.pincodes.set(pincode, hit);
    }
    return answer(pincode, settings, hit.facts, now, prepaidOffered);
  }
}

export interface DeliveryCheckInput {
  pincode: string;
  paymentMethod: 'cod' | 'prepaid';
  /** Paise: the goods after the coupon. */
  orderValue: number;
  /** The mobile the parcel is booked to (returned parcels are counted by it). */
  mobile: string | null;
  sessionId: number | null;
  now: number;
  prepaidOffered: boolean;
}

/**
 * The checkout's delivery step, inside its transaction: an unserved pincode is refused whatever the
 * payment; a cash order must pass every COD rule. Reads the database, never the cache: the order is
 * what the owner's rules say now. Returns the COD fee to charge (0 for prepaid).
 */
export async function checkDeliveryAndCod(r: Repositories, input: DeliveryCheckInput): Promise<{ codFee: number }> {
  const settings = await readSettings(r);
  const facts = await readPincode(r, input.pincode);
  if (settings.hasList && !facts.row) throw fieldError('pincode', UNSERVED_PINCODE);
  if (input.paymentMethod !== 'cod') return { codFee: 0 };
  const rules: CodRules = settings.rules;
  const returned = rules.rtoLimit !== null && input.mobile ? await r.delivery.returnedCodParcels(input.mobile) : 0;
  let proven = true;
  if (rules.otpAbove !== null && input.orderValue > rules.otpAbove) {
    const at = input.sessionId === null ? null : await r.customers.sessionOtpVerifiedAt(input.sessionId);
    proven = at !== null && input.now - at <= COD_PROOF_MS;
  }
  const refusal = codRefusal(rules, {
    orderValue: input.orderValue,
    pincodeCod: (facts.row ? facts.row.cod === 1 : true) && !facts.excluded,
    returnedParcels: returned,
    mobileProven: proven,
  });
  if (refusal) {
    const text = codRefusalText(refusal, rules, rupees, input.prepaidOffered);
    throw unprocessable(text, { payment_method: text });
  }
  return { codFee: rules.fee };
}
