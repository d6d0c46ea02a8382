/**
 * Pincode lists for the demo shop, the tests and the bench (issue 39): the sample list in the repository
 * (realistic rows, the format `pincodes:load` reads), and a generator of a list the size of India's
 * (~19,000 pincodes) with the same columns.
 */
import path from 'node:path';
import { PINCODE_COLUMNS } from '../pincodeFile';

/** The sample list the demo database starts with (docs: how an owner's file looks). */
export const SAMPLE_PINCODES_CSV = path.join(__dirname, 'pincodes-sample.csv');

/** India Post's first digit → its postal regions' states (a plausible spread, not a gazetteer). */
const REGIONS: Record<string, readonly string[]> = {
  '1': ['Delhi', 'Haryana', 'Punjab', 'Himachal Pradesh', 'Jammu and Kashmir'],
  '2': ['Uttar Pradesh', 'Uttarakhand'],
  '3': ['Rajasthan', 'Gujarat'],
  '4': ['Maharashtra', 'Madhya Pradesh', 'Chhattisgarh', 'Goa'],
  '5': ['Karnataka', 'Telangana', 'Andhra Pradesh'],
  '6': ['Tamil Nadu', 'Kerala'],
  '7': ['West Bengal', 'Odisha', 'Assam', 'Meghalaya', 'Manipur', 'Sikkim'],
  '8': ['Bihar', 'Jharkhand'],
};
const FAR = new Set(['Jammu and Kashmir', 'Assam', 'Meghalaya', 'Manipur', 'Sikkim']);

/**
 * `count` distinct pincodes (first digit 1–8) as a CSV the loader accepts, the same for the same `seed`:
 * about one in ten without cash on delivery, courier days by zone.
 */
export function generatePincodeCsv(count: number, seed = 39): string {
  let state = seed >>> 0 || 1;
  const next = (n: number) => {
    // xorshift32: repeatable without a dependency.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const lines: string[] = [PINCODE_COLUMNS.join(',')];
  const seen = new Set<string>();
  while (seen.size < Math.min(count, 800_000)) {
    const first = String(1 + next(8));
    const pincode = `${first}${String(next(100_000)).padStart(5, '0')}`;
    if (seen.has(pincode)) continue;
    seen.add(pincode);
    const states = REGIONS[first] ?? ['Karnataka'];
    const st = states[next(states.length)] ?? 'Karnataka';
    const far = FAR.has(st);
    const zone = st === 'Karnataka' ? 'Local' : far ? 'Far' : next(4) === 0 ? 'Metro' : 'Rest of India';
    const days = zone === 'Local' ? '1-2' : zone === 'Metro' ? '2-4' : far ? '5-9' : '3-6';
    const cod = far || next(10) === 0 ? 'no' : 'yes';
    lines.push(`${pincode},District ${pincode.slice(0, 3)},${st},${zone},${cod},${days}`);
  }
  return `${lines.join('\n')}\n`;
}
