// @ts-check
// What every bench does with its figures: a plain-text table on the terminal and a JSON file in the
// repository's bench-results/ (git ignores it), stamped with the time and the machine it ran on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromInvocation } from './args.mjs';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

/** The time as file names carry it: 20261127T223801Z. */
export function timeStamp(at = new Date()) {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** The machine a run was measured on: figures of a shared machine are read with its load. */
export function machine() {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', node: process.version, load: os.loadavg() };
}

/**
 * Writes `data` as JSON to `file` (from the folder the command was typed in), or to
 * bench-results/<kind>-<time>.json; returns the path written.
 * @param {string} kind
 * @param {unknown} data
 * @param {string} [file]
 */
export function saveResult(kind, data, file) {
  const out = file ? fromInvocation(file) : path.join(RESULTS_DIR, `${kind}-${timeStamp()}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`);
  return out;
}

/**
 * Rows of cells as aligned text: the first column to the left, the figures to the right.
 * @param {ReadonlyArray<ReadonlyArray<string | number>>} rows the first is the header
 */
export function textTable(rows) {
  const cells = rows.map((row) => row.map(String));
  const widths = (cells[0] ?? []).map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells
    .map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .join('\n');
}
