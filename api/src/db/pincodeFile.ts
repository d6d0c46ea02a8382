/**
 * The owner's pincode list as a file (issue 39): its columns and how a CSV of it is read, row by row.
 * Beside the table it fills, below the domain: the seed writes the sample list with it, and the domain's
 * `loadPincodes` (CLI and back office) reads the owner's file with it.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { PINCODE_PATTERN } from '@storefront/contract';
import type { PincodeRow } from './repositories/delivery';

/** The columns of an owner's file, in the sample's order (any order is read). */
export const PINCODE_COLUMNS = ['pincode', 'district', 'state', 'zone', 'cod', 'delivery_days'] as const;

/** Courier days a row may give: a parcel within a month. */
const MAX_DAYS = 30;
/** Row problems listed before "and N more": enough to fix a file, not a wall of text. */
const MAX_REPORTED = 20;

const PINCODE = new RegExp(PINCODE_PATTERN);
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A file that cannot be loaded: every problem found, each with its line number. */
export class PincodeFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`the pincode list was not loaded:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the owner's CSV (columns of PINCODE_COLUMNS, any order, a header line); throws PincodeFileError. */
export function parsePincodeCsv(text: string): PincodeRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (err) {
    if (err instanceof CsvError) throw new PincodeFileError([err.message]);
    throw err;
  }
  const problems: string[] = [];
  const first = records[0]?.record;
  if (!first) throw new PincodeFileError(['the file has no rows under its header']);
  const missing = PINCODE_COLUMNS.filter((c) => !(c in first));
  if (missing.length)
    throw new PincodeFileError([`line 1: the header lacks ${missing.join(', ')} (expected ${PINCODE_COLUMNS.join(',')})`]);

  const rows: PincodeRow[] = [];
  const lineOf = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const bad = (why: string) => problems.push(`line ${line}: ${why}`);
    const pincode = record.pincode ?? '';
    const cod = (record.cod ?? '').toLowerCase();
    const days = /^(\d{1,2})(?:\s*-\s*(\d{1,2}))?$/.exec(record.delivery_days ?? '');
    const min = days ? Number(days[1]) : NaN;
    const max = days ? Number(days[2] ?? days[1]) : NaN;
    const text = { district: record.district ?? '', state: record.state ?? '', zone: record.zone ?? '' };
    if (!PINCODE.test(pincode)) bad(`"${pincode}" is not a pincode (six digits, not starting with 0)`);
    else if (lineOf.has(pincode)) bad(`pincode ${pincode} is already on line ${lineOf.get(pincode)}`);
    else lineOf.set(pincode, line);
    for (const [name, value] of Object.entries(text)) {
      if (!value) bad(`${name} is empty`);
      else if (value.length > 80) bad(`${name} is longer than 80 characters`);
    }
    if (!YES.has(cod) && !NO.has(cod)) bad(`cod must be yes or no, not "${record.cod ?? ''}"`);
    if (!days || min > max || max > MAX_DAYS)
      bad(`delivery_days must be days or a range like 2-4 (at most ${MAX_DAYS}), not "${record.delivery_days ?? ''}"`);
    rows.push({ pincode, ...text, cod: YES.has(cod) ? 1 : 0, min_days: min, max_days: max });
  }
  if (problems.length) {
    const more = problems.length - MAX_REPORTED;
    throw new PincodeFileError(more > 0 ? [...problems.slice(0, MAX_REPORTED), `and ${more} more`] : problems);
  }
  return rows;
}
