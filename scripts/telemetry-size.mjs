// The shell's telemetry client (issue 17) as shoppers download it: its chunk(s) in the newest shell
// production build, gzip and brotli. Budget: 3 KB gzip. `node scripts/telemetry-size.mjs [<shell build dir>]`
// prints the figure; `pnpm bench` includes it. The chunk is named by shell/src/bootstrap.tsx's import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TELEMETRY_BUDGET_GZIP = 3 * 1024;

/** The newest production build folder of the shell (by its build.json). */
export function newestShellBuild(root = ROOT) {
  const dist = path.join(root, 'shell', 'dist');
  const builds = readdirSync(dist)
    .filter((n) => n !== 'dev' && !n.startsWith('.'))
    .map((n) => {
      try {
        return { dir: path.join(dist, n), t: statSync(path.join(dist, n, 'build.json')).mtimeMs };
      } catch {
        return null;
      }
    })
    .filter(Boolean)
    .sort((a, b) => b.t - a.t);
  if (!builds[0]) throw new Error(`no shell production build in ${dist}`);
  return builds[0].dir;
}

/** Sizes of the telemetry chunk(s) of a shell build: raw, gzip (level 9, as the build precompresses), brotli. */
export function telemetrySize(shellDir = newestShellBuild()) {
  const files = readdirSync(shellDir).filter((n) => /^telemetry\.[0-9a-f]+\.js$/.test(n));
  if (!files.length) throw new Error(`${shellDir} has no telemetry.<hash>.js chunk`);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(shellDir, f));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files, raw, gzip, brotli, budgetGzip: TELEMETRY_BUDGET_GZIP, withinBudget: gzip <= TELEMETRY_BUDGET_GZIP };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = telemetrySize(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(
    `telemetry client (${s.files.join(', ')}): ${(s.raw / 1024).toFixed(2)} KB raw, ${(s.gzip / 1024).toFixed(2)} KB gzip, ` +
      `${(s.brotli / 1024).toFixed(2)} KB brotli; budget ${(s.budgetGzip / 1024).toFixed(0)} KB gzip: ${s.withinBudget ? 'within' : 'OVER'}`,
  );
  if (!s.withinBudget) process.exitCode = 1;
}
