// @ts-check
// The command line as every bench reads it: `--name value` options and bare `--flags`.
import path from 'node:path';

/**
 * `--name value` pairs as an object (`--runs 3` → { runs: '3' }); a flag followed by another option or
 * by nothing is present with the value '' (`'skip-build' in args`).
 * @param {string[]} [argv]
 * @returns {Record<string, string | undefined>}
 */
export function cliArgs(argv = process.argv.slice(2)) {
  /** @type {Record<string, string | undefined>} */
  const args = {};
  argv.forEach((a, i) => {
    if (!a.startsWith('--') || a === '--') return;
    const next = argv[i + 1];
    args[a.slice(2)] = next === undefined || next.startsWith('--') ? '' : next;
  });
  return args;
}

/**
 * A number option, or `fallback` when it is absent.
 * @param {Record<string, string | undefined>} args
 * @param {string} name
 * @param {number} fallback
 */
export function numberArg(args, name, fallback) {
  const value = args[name];
  return value === undefined || value === '' ? fallback : Number(value);
}

/**
 * A comma-separated option as a list (`--sizes 1000,20000`), or `fallback` split the same way.
 * @param {Record<string, string | undefined>} args
 * @param {string} name
 * @param {string} fallback
 */
export function listArg(args, name, fallback) {
  return (args[name] || fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A file named on the command line, from the folder the command was typed in: `pnpm --filter … bench`
 * runs the script from another folder, and says where it was typed in INIT_CWD.
 * @param {string} file
 */
export function fromInvocation(file) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * The database a tool reads, named first on the command line: a postgres:// URL as it is, a SQLite
 * file from the folder the command was typed in; undefined when none is named.
 * @param {string[]} [argv]
 */
export function databaseArg(argv = process.argv.slice(2)) {
  const first = argv[0] === '--' ? argv[1] : argv[0];
  if (!first || first.startsWith('--')) return undefined;
  return first.includes('://') ? first : fromInvocation(first);
}
