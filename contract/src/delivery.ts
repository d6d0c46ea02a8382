/**
 * Delivery estimates (issue 39), written once for the API (the pincode answer, checkout) and the pages that
 * show them, so a product page and the order agree to the day. Pure: no clock, no Intl (a browser's and the
 * server's locale data differ, and a hydrated page must render the server's text).
 *
 * The shop works in India Standard Time, which has no daylight saving: IST is UTC+05:30 all year, so a
 * fixed offset is exact. Sundays and the shop's holidays are off for packing and for the couriers alike.
 */

/** The time zone every estimate is counted in. */
export const DELIVERY_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** A serviceable pincode: six digits, the first never 0 (India Post). */
export const PINCODE_PATTERN = '^[1-9][0-9]{5}$';

/** How the shop works, as the owner sets it (`pnpm --filter @storefront/api delivery:rules`). */
export interface DeliverySchedule {
  /** Working days between receiving an order and handing it to the courier (0: the same day). */
  processingDays: number;
  /** Minutes after IST midnight at which the shop closes: an order at or after it is received next working day. */
  closingMinute: number;
  /** IST dates (YYYY-MM-DD) the shop and couriers do not work, besides Sundays. */
  holidays: readonly string[];
}

/** The courier's days from handing over to the door, for one pincode's zone. */
export interface TransitDays {
  min: number;
  max: number;
}

/** The first and last day a parcel may arrive, IST dates (YYYY-MM-DD). */
export interface DeliveryWindow {
  from: string;
  to: string;
}

/** When no list was loaded: the spec's closing hour (08:00 PM, §9) and a day to pack. */
export const DEFAULT_DELIVERY_SCHEDULE: DeliverySchedule = { processingDays: 1, closingMinute: 20 * 60, holidays: [] };

/** An IST calendar day as days since 1970-01-01 (UTC arithmetic on it is exact). */
type Day = number;

const dayOf = (iso: string): Day => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isSunday = (day: Day): boolean => new Date(day * DAY_MS).getUTCDay() === 0;

/** The next working day strictly after `day` (or `day` itself when `inclusive` and it works). */
function working(day: Day, off: ReadonlySet<string>, inclusive: boolean): Day {
  let d = inclusive ? day : day + 1;
  while (isSunday(d) || off.has(isoOf(d))) d += 1;
  return d;
}

function addWorkingDays(day: Day, n: number, off: ReadonlySet<string>): Day {
  let d = day;
  for (let i = 0; i < n; i += 1) d = working(d, off, false);
  return d;
}

/**
 * The days an order placed at `now` (epoch ms) arrives: it is received on the day it is placed if that is
 * a working day before closing time, else on the next working day; it leaves after `processingDays` more
 * working days and arrives `transit.min`–`transit.max` working days later.
 */
export function deliveryWindow(now: number, schedule: DeliverySchedule, transit: TransitDays): DeliveryWindow {
  const off = new Set(schedule.holidays);
  const local = now + IST_OFFSET_MS;
  const today: Day = Math.floor(local / DAY_MS);
  const minute = Math.floor((local - today * DAY_MS) / 60_000);
  const received = minute >= schedule.closingMinute ? working(today, off, false) : working(today, off, true);
  const shipped = addWorkingDays(received, schedule.processingDays, off);
  const min = Math.max(0, Math.min(transit.min, transit.max));
  const max = Math.max(transit.min, transit.max, 0);
  return { from: isoOf(addWorkingDays(shipped, min, off)), to: isoOf(addWorkingDays(shipped, max, off)) };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Tue 3 Dec" for an ISO date. */
export function formatDeliveryDay(iso: string): string {
  const date = new Date(dayOf(iso) * DAY_MS);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "Delivered by Tue 3 Dec – Thu 5 Dec", or one day when the window is one day. */
export function formatDeliveryWindow(w: DeliveryWindow): string {
  return w.from === w.to
    ? `Delivered by ${formatDeliveryDay(w.to)}`
    : `Delivered by ${formatDeliveryDay(w.from)} – ${formatDeliveryDay(w.to)}`;
}

/** A holiday as typed by the owner: a real calendar date. */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isoOf(dayOf(text)) === text;
}
