// Issue 19: which main-thread tasks a page's load is made of, as Lighthouse's simulated throttling sees
// them (each task observed unthrottled, then x4: one over ~12 ms adds to TBT): every task of the page's
// renderer longer than --min ms (8), what ran in it, its most sampled functions mapped to their sources
// through the builds' source maps, and the samples under a remote's own code. The site must be running.
//   pnpm bench:longtasks --url http://127.0.0.1:8180/checkout [--cart 3] [--runs 5] [--min 8] [--clock cpu]
// --cart N: a guest's cart of N lines first, so /cart and /checkout render lines rather than the empty state;
// --session FILE: a signed-in shopper's saved state ({ key, value }, as `pnpm bench` makes it);
// --clock cpu: the main thread's CPU time, which other processes on a shared machine do not stretch.
import { existsSync, readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { cliArgs } from '../lib/args.mjs';
import { median } from '../lib/stats.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chrome.mjs';
import { cartState, withSessionCookies } from './savedState.mjs';
import { withState } from './timeline.mjs';
import { sourceMapFileOf } from './sourceMaps.mjs';

const args = cliArgs();
const url = new URL(args.url);
const MIN = Number(args.min ?? 8);
const RUNS = Number(args.runs ?? 1);
const CPU = Number(args.cpu ?? 1);
// --clock cpu: tasks measured in the thread's CPU time (tdur), which other processes on a busy machine
// do not stretch; Lighthouse itself reads wall time (dur).
const DUR = args.clock === 'cpu' ? 'tdur' : 'dur';

// Frames mapped to their sources through the builds' source maps (dist/<version>/*.js.map; never served).
const maps = new Map();
function mapFrame(cf) {
  const file = /\.js(\?|$)/.test(cf.url ?? '') ? sourceMapFileOf(cf.url) : null;
  if (!file) return null;
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  const map = maps.get(file);
  if (!map) return null;
  const o = originalPositionFor(map, { line: cf.lineNumber + 1, column: cf.columnNumber });
  if (!o.source) return null;
  const src = o.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '');
  return { src: src.length > 90 ? `${src.slice(0, 40)}…` : src, name: o.name ?? cf.functionName, line: o.line };
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
// --session FILE: a signed-in shopper's saved state, as `pnpm bench` writes it ({ key, value }).
const session = args.session ? JSON.parse(readFileSync(args.session, 'utf8')) : null;
const saved = session
  ? await withSessionCookies(browser, url.origin, session)
  : args.cart
    ? await cartState(browser, url.origin, Number(args.cart))
    : null;
const totals = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await withState(context, saved);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  await page.goto(url.href, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  // The page's renderer main thread: the CrRendererMain that ran the site's scripts.
  const renderers = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (r) =>
    events.filter(
      (e) => e.pid === r.pid && e.tid === r.tid && e.name === 'EvaluateScript' && (e.args?.data?.url ?? '').startsWith(url.origin),
    ).length;
  const busiest = renderers.sort((a, b) => count(b) - count(a))[0];
  const main = events.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid);
  const t0 = (main.find((e) => e.name === 'navigationStart') ?? main.find((e) => e.ph === 'X')).ts;
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= t0 && (e[DUR] ?? 0) / 1000 >= MIN);
  // The sampled profile in the trace (Profile + ProfileChunk events): absolute times in µs.
  const nodes = new Map();
  const samples = [];
  const profileEvents = events.filter((e) => e.pid === busiest.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  const clocks = new Map();
  for (const e of profileEvents) {
    const d = e.args?.data ?? {};
    if (e.name === 'Profile') {
      clocks.set(e.id, d.startTime);
      continue;
    }
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n);
    let t = clocks.get(e.id) ?? 0;
    (d.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += d.timeDeltas?.[i] ?? 0;
      samples.push([t, `${e.id}:${id}`]);
      clocks.set(e.id, t);
    });
  }
  let tbt = 0;
  const byScript = new Map();
  console.log(`\n== run ${run + 1}: ${url.pathname} (tasks >= ${MIN} ms, unthrottled x${CPU})`);
  for (const task of tasks) {
    const ms = task[DUR] / 1000;
    tbt += Math.max(0, ms * (4 / CPU) - 50);
    const inner = main
      .filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.ph === 'X' && e !== task && e.dur / 1000 >= 1)
      .filter((e) =>
        [
          'EvaluateScript',
          'FunctionCall',
          'v8.compile',
          'ParseHTML',
          'Layout',
          'UpdateLayoutTree',
          'TimerFire',
          'EventDispatch',
          'v8.evaluateModule',
          'RunMicrotasks',
          'FireAnimationFrame',
          'Paint',
        ].includes(e.name),
      )
      .slice(0, 6)
      .map((e) => {
        const d = e.args?.data ?? {};
        const where = (d.url || d.functionName || d.type || '').replace(url.origin, '');
        return `${e.name}${where ? `(${where}${d.lineNumber ? `:${d.lineNumber}` : ''})` : ''} ${(e.dur / 1000).toFixed(1)}`;
      });
    const self = new Map();
    for (const [ts, id] of samples) {
      if (ts < task.ts || ts > task.ts + task.dur) continue;
      const cf = nodes.get(id)?.callFrame;
      if (!cf) continue;
      const mapped = mapFrame(cf);
      const key = mapped
        ? `${mapped.name || cf.functionName || '(anon)'} ${mapped.src}:${mapped.line}`
        : `${cf.functionName || '(anon)'} ${(cf.url ?? '').replace(url.origin, '').split('/').pop()}:${(cf.lineNumber ?? -1) + 1}:${(cf.columnNumber ?? -1) + 1}`;
      self.set(key, (self.get(key) ?? 0) + 1);
      const file = mapped?.src ?? ((cf.url ?? '').replace(url.origin, '') || cf.functionName);
      byScript.set(file, (byScript.get(file) ?? 0) + 1);
    }
    // Inclusive: samples under a frame of a remote's own source (its pages, stores, components).
    const incl = new Map();
    let inclCount = 0;
    for (const [ts, id] of samples) {
      if (ts < task.ts || ts > task.ts + task.dur) continue;
      const prefix = id.slice(0, id.indexOf(':'));
      let n = nodes.get(id);
      let hit = null;
      while (n) {
        if (/\/remotes\//.test(n.callFrame.url ?? '')) {
          const m = mapFrame(n.callFrame);
          if (m && m.src.startsWith('src/')) {
            hit = `${m.name || n.callFrame.functionName || '(anon)'} ${m.src.replace(/^src\//, '')}:${m.line}`;
            break;
          }
        }
        n = n.parent === undefined ? null : nodes.get(`${prefix}:${n.parent}`);
      }
      if (hit) {
        inclCount++;
        incl.set(hit, (incl.get(hit) ?? 0) + 1);
      }
    }
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, c]) => `${k} ${c}`);
    console.log(`${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms  ${inner.join(' | ')}`);
    console.log(`            samples: ${top.join(' ; ')}`);
    if (inclCount)
      console.log(
        `            under remote code: ${inclCount} samples: ${[...incl]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([k, c]) => `${k} ${c}`)
          .join(' ; ')}`,
      );
  }
  console.log(`   est. TBT (x4 - 50 summed): ${tbt.toFixed(0)} ms`);
  // React's work after the scripts ran (hydration, the session's render): tasks that call into the page's code.
  const reactTasks = main.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.ts >= t0 &&
      main.some((f) => f.name === 'FunctionCall' && f.ts >= e.ts && f.ts < e.ts + e.dur && /\/435\.|react/.test(f.args?.data?.url ?? '')) &&
      !main.some((f) => f.name === 'EvaluateScript' && f.ts >= e.ts && f.ts < e.ts + e.dur),
  );
  const longest = reactTasks.map((e) => (e[DUR] ?? 0) / 1000).sort((a, b) => b - a);
  console.log(
    `   React tasks: ${reactTasks.length}, longest ${longest
      .slice(0, 4)
      .map((d) => d.toFixed(1))
      .join(', ')} ms`,
  );
  totals.push({ tbt, react: longest[0] ?? 0 });
  const sampleMs = samples.length > 1 ? (samples.at(-1)[0] - samples[0][0]) / samples.length / 1000 : 0;
  console.log(
    `   in those tasks, by script (ms): ${[...byScript]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([f, c]) => `${f} ${(c * sampleMs).toFixed(1)}`)
      .join(' ; ')}`,
  );
}
if (RUNS > 1)
  console.log(
    `SUMMARY ${url.pathname}: TBT estimates ${totals.map((x) => x.tbt.toFixed(0)).join(', ')}; longest React task ${totals.map((x) => x.react.toFixed(1)).join(', ')} (median ${median(totals.map((x) => x.react)).toFixed(1)})`,
  );
await browser.close();
