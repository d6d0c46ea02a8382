// The owner's delivery settings (issue 39) on the configured database (DB_FILE or DATABASE_URL), until the
// back office edits them. Every change is one transaction, recorded in the activity record with the
// operator's login; the API processes pick changes up within a minute (their pincode cache).
//   pnpm --filter @storefront/api pincodes:load <file.csv>       replace the served pincodes (docs/operators.md)
//   pnpm --filter @storefront/api pincodes:generate <count> <out.csv>   a list of that size (bench, drills)
//   pnpm --filter @storefront/api cod:rules                       show; set --max-order 5000 --fee 49 --rto 2 --otp-above 2000
//                                                                 off max-order|rto|otp-above; exclude|allow <pincode…>
//   pnpm --filter @storefront/api delivery:rules                  show; set --processing-days 1 --closing 20:00
//                                                                 holiday add 2026-12-25 "Christmas"; holiday remove 2026-12-25
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import type { DB } from '../db/database';
import { createRepositories, type Repositories } from '../db/repositories';
import type { ShippingRules } from '../db/repositories/delivery';
import { generatePincodeCsv } from '../db/seed/pincodes';
import type { Transaction } from '../domain/cart';
import { changeCodExclusions, changeHoliday, changeRules, loadPincodes, PincodeFileError, type RulesChange } from '../domain/delivery';
import { clockTime } from '../domain/shopSettings';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { rupees, toPaise } from '../lib/money';

const USAGE = `usage:
  pincodes:load <file.csv>            columns: pincode,district,state,zone,cod,delivery_days (e.g. 560038,Bengaluru,Karnataka,Local,yes,1-2)
  pincodes:generate <count> <out.csv>
  cod:rules [set --max-order <₹> --fee <₹> --rto <parcels> --otp-above <₹> | off max-order|rto|otp-above | exclude <pincode…> | allow <pincode…>]
  delivery:rules [set --processing-days <n> --closing <HH:MM> | holiday add <YYYY-MM-DD> <name> | holiday remove <YYYY-MM-DD>]`;

export class UsageError extends Error {}

/** A path as the operator typed it: pnpm runs scripts in api/, INIT_CWD is where the command was given. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function paise(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const p = toPaise(value);
  if (p === null) throw new UsageError(`--${name} must be rupees, like 5000 or 49.50`);
  return p;
}

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,4}$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function minuteOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) throw new UsageError('--closing must be a time like 20:00 (IST, 24-hour)');
  return Number(m[1]) * 60 + Number(m[2]);
}

const shown = (p: number | null) => (p === null ? 'off' : rupees(p));

async function describe(r: Repositories, what: 'cod' | 'delivery'): Promise<string[]> {
  const rules: ShippingRules = await r.delivery.rules();
  if (what === 'cod') {
    const excluded = await r.delivery.codExclusions();
    return [
      `maximum order value for COD  ${shown(rules.maxOrderValue)}`,
      `COD fee                      ${rupees(rules.fee)}`,
      `barred after returned COD    ${rules.rtoLimit === null ? 'off' : `${rules.rtoLimit} parcel(s)`}`,
      `one-time code above          ${shown(rules.otpAbove)}`,
      `pincodes without COD         ${excluded.length ? excluded.join(' ') : 'none (besides cod=no rows of the list)'}`,
    ];
  }
  const holidays = await r.delivery.holidays();
  return [
    `served pincodes              ${(await r.delivery.count()) || 'no list loaded: delivers all over India'}`,
    `processing days              ${rules.processingDays}`,
    `closing time (IST)           ${clockTime(rules.closingMinute)}`,
    `holidays (besides Sundays)   ${holidays.length ? holidays.map((h) => `${h.day} ${h.name}`).join('; ') : 'none'}`,
  ];
}

/** Runs one command against `db`; returns the lines to print. */
export async function runDeliveryCommand(db: DB, argv: string[], by = `cli:${os.userInfo().username}`): Promise<string[]> {
  const clock = systemClock;
  const repos = createRepositories(db, clock);
  const tx: Transaction = (work) => db.transaction().execute((trx) => work(createRepositories(trx, clock)));
  const [area, action, ...rest] = argv;
  if (area === 'pincodes' && action === 'load' && rest.length === 1 && rest[0]) {
    const file = fromCaller(rest[0]);
    const { before, after } = await loadPincodes(tx, fs.readFileSync(file, 'utf8'), by);
    return [`[api] ${after} pincodes served (were ${before}), from ${file}`];
  }
  if (area === 'pincodes' && action === 'generate' && rest.length === 2 && /^\d{1,6}$/.test(rest[0] ?? '') && rest[1]) {
    const file = fromCaller(rest[1]);
    fs.writeFileSync(file, generatePincodeCsv(Number(rest[0])));
    return [`[api] wrote ${rest[0]} pincodes to ${file}`];
  }
  if ((area === 'cod' || area === 'delivery') && action === undefined) return describe(repos, area);
  if ((area === 'cod' || area === 'delivery') && action === 'set') {
    const { values, positionals } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: true,
      options:
        area === 'cod'
          ? { 'max-order': { type: 'string' }, fee: { type: 'string' }, rto: { type: 'string' }, 'otp-above': { type: 'string' } }
          : { 'processing-days': { type: 'string' }, closing: { type: 'string' } },
    });
    const v = values as Record<string, string | undefined>;
    const change: RulesChange =
      area === 'cod'
        ? {
            maxOrderValue: paise(v['max-order'], 'max-order'),
            fee: paise(v.fee, 'fee'),
            rtoLimit: whole(v.rto, 'rto'),
            otpAbove: paise(v['otp-above'], 'otp-above'),
          }
        : { processingDays: whole(v['processing-days'], 'processing-days'), closingMinute: minuteOf(v.closing) };
    const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as RulesChange;
    if (positionals.length || Object.keys(given).length === 0) throw new UsageError(USAGE);
    await changeRules(tx, given, by);
    return describe(repos, area);
  }
  if (area === 'cod' && action === 'off' && rest.length > 0) {
    const names: Record<string, keyof RulesChange> = { 'max-order': 'maxOrderValue', rto: 'rtoLimit', 'otp-above': 'otpAbove' };
    const change: RulesChange = {};
    for (const name of rest) {
      const key = names[name];
      if (!key) throw new UsageError(`cod:rules off takes ${Object.keys(names).join(', ')} (the fee is set to 0 with --fee 0)`);
      Object.assign(change, { [key]: null });
    }
    await changeRules(tx, change, by);
    return describe(repos, 'cod');
  }
  if (area === 'cod' && (action === 'exclude' || action === 'allow')) {
    await changeCodExclusions(tx, rest, action === 'exclude', by);
    return describe(repos, 'cod');
  }
  if (area === 'delivery' && action === 'holiday' && (rest[0] === 'add' || rest[0] === 'remove') && rest[1]) {
    await changeHoliday(tx, rest[1], rest[0] === 'add' ? rest.slice(2).join(' ') : null, by);
    return describe(repos, 'delivery');
  }
  throw new UsageError(USAGE);
}

async function main(): Promise<void> {
  const { db } = await prepareDatabase({ ...loadConfig(), seedProducts: 0 });
  try {
    for (const line of await runDeliveryCommand(db, process.argv.slice(2))) console.log(line);
  } catch (err) {
    if (err instanceof UsageError || err instanceof PincodeFileError || err instanceof AppError) {
      console.error(err.message);
      process.exitCode = err instanceof UsageError ? 2 : 1;
    } else throw err;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('[api] delivery:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
