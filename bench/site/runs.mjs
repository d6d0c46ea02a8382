// The measurements `pnpm bench` runs against the started site, each a script of its own whose last line
// of output is its JSON: the pages (browser/measure.mjs), client navigations, the shopper's own content,
// interactions, and the API benches (their JSON files).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/results.mjs';

/** Runs `node bench/browser/<script>` with the site's arguments; its JSON, or null when it failed. */
function browserScript(script, site, extra, log) {
  const res = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench', 'browser', script), '--upstream', site.host, '--listen', site.port, '--runs', site.runs, ...extra],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  if (res.status !== 0) log(`${script} failed`);
  return res.status === 0 ? JSON.parse(res.stdout.trim().split('\n').at(-1)) : null;
}

/** Every page through Lighthouse, its timeline and a phone (`--pages` limits them; `--session` signs in). */
export function measurePages(site, { pages, session, product }, log) {
  log(`measuring the site (${site.runs} runs per page)…`);
  const extra = ['--product', product, ...(pages ? ['--pages', pages] : []), ...(session ? ['--session', session] : [])];
  return browserScript('measure.mjs', site, extra, log);
}

/** Client navigations (issue 19): click → the next page's own content, unthrottled and at 4× CPU. */
export function measureNavigations(site, log) {
  log('measuring client navigations…');
  const navigations = {};
  for (const cpu of ['1', '4']) navigations[`${cpu}x`] = browserScript('navigation.mjs', site, ['--cpu', cpu], log)?.navigations ?? null;
  return navigations;
}

/** Issue 33: when the shopper's own content shows on the private pages (unthrottled, and 4× CPU + slow 4G). */
export function measureOwnContent(site, { pages, session }, log) {
  log("measuring when the shopper's own content shows…");
  return browserScript('ownContent.mjs', site, [...(session ? ['--session', session] : []), ...(pages ? ['--pages', pages] : [])], log);
}

/** Issue 33: how soon add to cart, a quantity change and a shop filter answer at 4× CPU. */
export function measureInteractions(site, product, log) {
  log('measuring interactions at 4× CPU…');
  return browserScript('interactions.mjs', site, ['--product', product, '--cpu', '4'], log);
}

/** `pnpm bench:<name> … --json <file>` (an API bench); the file's figures, or null when it failed. */
export function apiBench(pnpm, name, args, jsonFile) {
  const res = spawnSync(pnpm[0], [...pnpm.slice(1), 'run', `bench:${name}`, ...args, '--json', jsonFile], { cwd: ROOT, stdio: 'inherit' });
  return res.status === 0 && existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : null;
}
