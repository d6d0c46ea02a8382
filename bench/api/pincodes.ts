/**
 * The pincode check in the API bench (issue 39): an India-sized list (19,000 pincodes) loaded into the
 * bench database the way an owner loads one, and requests that walk it (one in ten for a pincode not on
 * the list), so most answers come from the database and not from the per-pincode cache.
 */
import { createRepositories, generatePincodeCsv, loadPincodes, openDatabase, systemClock } from '@storefront/api/bench';
import type { PacedRequest } from '../lib/paced.mjs';

export const BENCH_PINCODES = 19_000;

/** Loads the list into the (migrated) bench database; returns its pincodes and how long the load took. */
export async function loadBenchPincodes(dbFile: string): Promise<{ pincodes: string[]; loadMs: number }> {
  const csv = generatePincodeCsv(BENCH_PINCODES);
  const db = openDatabase(dbFile);
  try {
    const started = performance.now();
    await loadPincodes((work) => db.transaction().execute((trx) => work(createRepositories(trx, systemClock))), csv, 'bench');
    const loadMs = Math.round(performance.now() - started);
    return {
      pincodes: csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.slice(0, 6)),
      loadMs,
    };
  } finally {
    await db.destroy();
  }
}

/** GET /api/pincode/{pincode} over the list, every tenth a pincode it does not hold. */
export function pincodeRequests(pincodes: readonly string[], headers: Record<string, string>): PacedRequest[] {
  const listed = new Set(pincodes);
  return pincodes.map((pincode, i) => {
    let asked = pincode;
    if (i % 10 === 9) {
      // The next free number after it: a pincode the shop does not serve.
      for (let n = Number(pincode) + 1; listed.has(asked); n += 1) asked = String(n);
    }
    return { method: 'GET', path: `/api/pincode/${asked}`, headers };
  });
}
