// One Lighthouse run (mobile, simulated throttling) on a URL of a running site, explained: the LCP
// element, its phases, the main-thread work and the network requests in the order they started —
// what to look at when `pnpm bench` says a page is slow.
//   pnpm bench:inspect http://127.0.0.1:8190/
import lighthouse from 'lighthouse';
import { startChrome } from './chrome.mjs';

const url = process.argv.slice(2).find((a) => a !== '--');
if (!url) {
  console.error('usage: pnpm bench:inspect <url>');
  process.exit(2);
}
const ms = (v) => `${Math.round(v)} ms`;

function printSummary(lhr) {
  const a = lhr.audits;
  console.log(
    `score ${Math.round(lhr.categories.performance.score * 100)}  FCP ${ms(a['first-contentful-paint'].numericValue)}  LCP ${ms(a['largest-contentful-paint'].numericValue)}  TBT ${ms(a['total-blocking-time'].numericValue)}  CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}  SI ${ms(a['speed-index'].numericValue)}`,
  );
  const lcpEl = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpEl) console.log(`LCP element: ${lcpEl.snippet}  (${lcpEl.selector})`);
  const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  if (phases) console.log('LCP phases:', phases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', '));
}

function printWork(audits) {
  const work = audits['bootup-time']?.details?.items ?? [];
  console.log('script work (ms total / scripting):');
  for (const w of work.slice(0, 8)) console.log(`  ${Math.round(w.total)} / ${Math.round(w.scripting)}  ${w.url}`);
  // Long tasks (simulated, 4× CPU slowdown): each one past 50 ms adds to Total Blocking Time.
  const tasks = audits['long-tasks']?.details?.items ?? [];
  console.log(`long tasks (start, duration, where): ${tasks.length ? '' : 'none'}`);
  for (const t of tasks) console.log(`  ${ms(t.startTime).padStart(8)}  ${ms(t.duration).padStart(7)}  ${t.url}`);
  const reqs = (audits['network-requests']?.details?.items ?? []).slice().sort((x, y) => x.networkRequestTime - y.networkRequestTime);
  console.log('requests (start → end, transfer):');
  for (const r of reqs) {
    console.log(
      `  ${ms(r.networkRequestTime).padStart(8)} → ${ms(r.networkEndTime).padStart(8)}  ${String(Math.round((r.transferSize ?? 0) / 1024)).padStart(4)} KB  ${r.resourceType ?? ''}  ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  }
}

const chrome = await startChrome();
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  printSummary(lhr);
  printWork(lhr.audits);
} finally {
  await chrome.stop();
}
