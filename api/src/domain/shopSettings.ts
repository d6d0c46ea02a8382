/**
 * The owner's settings page in the back office (issue 39): the delivery and COD rules, zone days, one
 * pincode's COD and the GST classification, read and changed as the CLI commands change them. Each
 * change is one transaction with the activity record (who, before, after) and, for what the public
 * pincode check shows, the settings version every API process polls (domain/delivery PincodeLookup).
 * No Fastify here.
 */
import {
  SETTINGS_MESSAGES,
  type ShippingRulesChangeWire,
  type ShippingRulesWire,
  type ShopSettings,
  type StaffPincode,
} from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { ShippingRules } from '../db/repositories/delivery';
import type { GstRateRow } from '../db/repositories/invoices';
import type { StaffRow } from '../db/repositories/staff';
import { fieldError, notFound } from '../lib/errors';
import { money, toPaise } from '../lib/money';
import type { Transaction } from './cart';
import { changeRules, type RulesChange } from './delivery';

/** Who changed a setting: what the record's `after.by` says, and the member (null: an operator's CLI). */
export interface SettingsActor {
  by: string;
  staffId: number | null;
}

/** A member of staff as the one who changed a setting (the back office's routes). */
export const staffActor = (member: StaffRow): SettingsActor => ({ by: `staff:${member.email}`, staffId: member.id });

/** Minutes after IST midnight as "HH:MM". */
export const clockTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const orMoney = (paise: number | null) => (paise === null ? null : money(paise));
/** Basis points → percent as typed ("5", "0.25"). */
const percent = (bp: number | null) => (bp === null ? null : String(bp / 100));

export function rulesWire(rules: ShippingRules): ShippingRulesWire {
  return {
    processing_days: rules.processingDays,
    closing_time: clockTime(rules.closingMinute),
    cod_max_order: orMoney(rules.maxOrderValue),
    cod_fee: money(rules.fee),
    cod_rto_limit: rules.rtoLimit,
    cod_otp_above: orMoney(rules.otpAbove),
  };
}

export async function readShopSettings(r: Repositories): Promise<ShopSettings> {
  const rates = await r.invoices.listRates();
  return {
    rules: rulesWire(await r.delivery.rules()),
    holidays: await r.delivery.holidays(),
    zones: await r.delivery.zones(),
    pincodes: await r.delivery.count(),
    cod_excluded: await r.delivery.codExclusions(),
    gst_rates: rates.map((g) => ({
      category_id: g.id,
      slug: g.slug,
      name: g.name,
      hsn: g.hsn,
      rate: percent(g.rate_bp),
      threshold: orMoney(g.threshold_paise === null ? null : Number(g.threshold_paise)),
      rate_above: percent(g.rate_above_bp),
    })),
  };
}

/** Paise of a validated rupee field (the route's schema admits only amounts); null stays null. */
function paiseOf(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const p = toPaise(value);
  if (p === null) throw new Error(`not an amount: ${value}`);
  return p;
}

/** The page's change of the rules, checked field by field, applied by the CLI's own `changeRules`. */
export async function changeRulesFromPage(
  tx: Transaction,
  change: ShippingRulesChangeWire,
  who: SettingsActor,
): Promise<ShippingRulesWire> {
  const closing = change.closing_time === undefined ? undefined : /^(\d\d):(\d\d)$/.exec(change.closing_time);
  if (closing === null) throw fieldError('closing_time', SETTINGS_MESSAGES.closingTime);
  const rules: RulesChange = {
    processingDays: change.processing_days,
    closingMinute: closing ? Number(closing[1]) * 60 + Number(closing[2]) : undefined,
    maxOrderValue: paiseOf(change.cod_max_order),
    fee: paiseOf(change.cod_fee) ?? undefined,
    rtoLimit: change.cod_rto_limit,
    otpAbove: paiseOf(change.cod_otp_above),
  };
  const given = Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)) as RulesChange;
  return rulesWire(await changeRules(tx, given, who.by, who.staffId));
}

function pincodeWire(row: Awaited<ReturnType<Repositories['delivery']['searchPincodes']>>[number]): StaffPincode {
  return {
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    zone: row.zone,
    min_days: row.min_days,
    max_days: row.max_days,
    cod: row.cod === 1,
    cod_excluded: row.cod_excluded,
  };
}

export async function searchPincodes(r: Repositories, prefix: string, limit: number): Promise<StaffPincode[]> {
  return (await r.delivery.searchPincodes(prefix, limit)).map(pincodeWire);
}

/** Turns cash on delivery on or off for one listed pincode, recorded. */
export async function setPincodeCod(tx: Transaction, pincode: string, cod: boolean, who: SettingsActor): Promise<StaffPincode> {
  return tx(async (r) => {
    const [before] = await r.delivery.searchPincodes(pincode, 1);
    if (!before || before.pincode !== pincode) throw notFound(`Pincode ${pincode} is not in the list`);
    // Off goes on the owner's no-cash list (kept across list reloads, as `cod:rules exclude`); on lifts
    // that and the list's own cod=no for this pincode.
    if (cod) {
      await r.delivery.allowCod([pincode]);
      await r.delivery.setPincodeCod(pincode, true);
    } else await r.delivery.excludeCod([pincode]);
    await r.delivery.bumpVersion();
    const [after] = await r.delivery.searchPincodes(pincode, 1);
    await r.staff.record(who.staffId, {
      action: cod ? 'cod.allow' : 'cod.exclude',
      subjectType: 'pincode',
      subjectId: pincode,
      before: { cod: before.cod === 1, cod_excluded: before.cod_excluded },
      after: { cod: after?.cod === 1, cod_excluded: after?.cod_excluded ?? false, by: who.by },
    });
    return pincodeWire(after ?? before);
  });
}

/** Gives every pincode of a zone the same courier days (a zone's carrier changed its promise). */
export async function setZoneDays(tx: Transaction, zone: string, minDays: number, maxDays: number, who: SettingsActor): Promise<void> {
  if (minDays > maxDays) throw fieldError('max_days', SETTINGS_MESSAGES.maxDays);
  await tx(async (r) => {
    const before = (await r.delivery.zones()).find((z) => z.zone === zone);
    if (!before) throw notFound(`No pincode of the list is in zone ${zone}`);
    await r.delivery.setZoneDays(zone, minDays, maxDays);
    await r.delivery.bumpVersion();
    await r.staff.record(who.staffId, {
      action: 'zone.days',
      subjectType: 'zone',
      subjectId: zone.slice(0, 40),
      before: { min_days: before.min_days, max_days: before.max_days },
      after: { min_days: minDays, max_days: maxDays, pincodes: before.pincodes, by: who.by },
    });
  });
}

/** Sets a category's HSN code and GST rate (invoices issued from then on use it), recorded. */
export async function changeGstRate(tx: Transaction, rate: GstRateRow, who: SettingsActor): Promise<void> {
  if ((rate.threshold_paise === null) !== (rate.rate_above_bp === null)) throw fieldError('rate_above', SETTINGS_MESSAGES.thresholdPair);
  await tx(async (r) => {
    const before = (await r.invoices.listRates()).find((c) => c.id === rate.category_id);
    if (!before) throw notFound('Category not found');
    await r.invoices.setRate(rate);
    const { id: _id, slug: _slug, name: _name, ...was } = before;
    await r.staff.record(who.staffId, {
      action: 'gst_rate.change',
      subjectType: 'category',
      subjectId: before.slug,
      before: was,
      after: { hsn: rate.hsn, rate_bp: rate.rate_bp, threshold_paise: rate.threshold_paise, rate_above_bp: rate.rate_above_bp, by: who.by },
    });
  });
}
