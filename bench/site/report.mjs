// `pnpm bench`'s tables (docs/performance.md says what each column reads): the pages, their long tasks
// and pictures, client navigations, Swiper's bytes apart, the shopper's own content, interactions, the API.
const ms = (v) => (v === null || v === undefined ? '–' : `${Math.round(v)} ms`);
const ms2 = (v) => (v === null || v === undefined ? '–' : `${v.toFixed(2)} ms`);
// autocannon (the flat-out runs) measures whole milliseconds: 0 means under one.
const msWhole = (v) => (v === null || v === undefined ? '–' : v < 1 ? '< 1 ms' : `${Math.round(v)} ms`);
export const kb = (v) => (v === null || v === undefined ? '–' : `${(v / 1024).toFixed(1)} KB`);
const ownPages = (site) => Object.entries(site).filter(([name]) => !name.startsWith('static-'));

function pagesTable(site) {
  // Each page against its own static floor (the same page and photos, no script).
  const staticLcp = (name) => site[name.startsWith('static-') ? name : `static-${name}`]?.lighthouse.lcp ?? null;
  console.log('\nSite (median of runs; Lighthouse mobile, simulated throttling):');
  console.table(
    Object.entries(site).map(([name, r]) => ({
      page: name,
      score: r.lighthouse.score,
      FCP: ms(r.lighthouse.fcp),
      LCP: ms(r.lighthouse.lcp),
      'LCP/static': staticLcp(name) ? (r.lighthouse.lcp / staticLcp(name)).toFixed(2) : '–',
      TBT: ms(r.lighthouse.tbt),
      CLS: r.lighthouse.cls?.toFixed(3),
      SI: ms(r.lighthouse.si),
      'JS gz before LCP': kb(r.timeline.jsGzipBefore),
      // Issue 19: all the page loaded, gzip -6 (the peer: 131 KB home, 158 KB product).
      'JS gzip, whole load': kb(r.timeline.jsGzipAll),
      'JS raw before LCP': kb(r.timeline.jsRawBefore),
      'requests before LCP': r.timeline.requestsBefore,
      'LCP (no throttling)': ms(r.timeline.lcp),
      'long tasks': `${r.timeline.longTasks} (${ms(r.timeline.longTaskMs)})`,
    })),
  );
}

/** Issue 19: what each page's TBT is made of, for the run whose TBT is the median. */
function longTasksTable(site) {
  console.log('Long tasks Lighthouse counted (its median-TBT run; simulated ms, each adds what is over 50):');
  console.table(
    ownPages(site).map(([name, r]) => ({
      page: name,
      TBT: ms(r.lighthouse.tbt),
      tasks:
        (r.lighthouse.longTasks ?? [])
          .slice(0, 6)
          .map((t) => `${t.script || '(page)'} ${t.ms}`)
          .join(', ') || '–',
    })),
  );
}

/** Pictures as a 412-px phone gets them (issue 20). */
function picturesTable(site) {
  console.log('Pictures on a 412-px phone (DPR 1.75, no throttling; bytes as transferred, median of runs):');
  console.table(
    Object.entries(site).map(([name, r]) => ({
      page: name,
      'LCP element (Lighthouse)': r.lighthouse.lcpElement ?? '–',
      'LCP element (phone)': r.phone?.lcpElement || '–',
      'LCP picture': r.phone?.lcpUrl || '–',
      'img before LCP': kb(r.phone?.imageBytesBefore),
      'img in all': kb(r.phone?.imageBytes),
      'img requests': r.phone?.imageRequests ?? '–',
      'not AVIF/WebP': r.phone?.notModern ?? '–',
    })),
  );
}

function navigationsTable(navigations) {
  if (!navigations['1x'] && !navigations['4x']) return;
  console.log(
    'Client navigations (median ms from the click to the next page\'s own heading; "cold": clicked at once, "hover": after the pointer rested on the link):',
  );
  console.table(
    Object.keys(navigations['1x'] ?? navigations['4x'] ?? {}).map((name) => ({
      navigation: name,
      cold: ms(navigations['1x']?.[name]?.cold),
      hover: ms(navigations['1x']?.[name]?.hover),
      'cold, 4× CPU': ms(navigations['4x']?.[name]?.cold),
      'hover, 4× CPU': ms(navigations['4x']?.[name]?.hover),
    })),
  );
}

/** Issue 33: Swiper's scripts and styles apart from the page's own (browser/swiper.mjs isSwiper). */
function swiperTable(site) {
  console.log(
    'Scripts and styles with Swiper apart (gzip -6, whole load, median of runs; "after FCP": every Swiper request started after the first contentful paint):',
  );
  const after = (v) => (v === null || v === undefined ? '–' : v >= 1 ? 'yes' : 'no');
  console.table(
    ownPages(site).map(([name, r]) => ({
      page: name,
      'JS gzip, whole load': kb(r.timeline.jsGzipAll),
      'JS gzip without Swiper': kb(r.timeline.jsGzipNoSwiper),
      'Swiper JS gzip': kb(r.timeline.swiperJsGzip),
      'Swiper CSS gzip': kb(r.timeline.swiperCssGzip),
      'Swiper requests': r.timeline.swiperRequests ?? '–',
      'Swiper after FCP': after(r.timeline.swiperAfterFcp),
      'FCP / first Swiper request': `${ms(r.timeline.fcp)} / ${ms(r.timeline.swiperFirstStart)}`,
    })),
  );
}

function ownContentTable(ownContent) {
  if (!ownContent?.pages) return;
  const net = ownContent.slow4g;
  console.log(
    `The shopper's own content visible (ms from navigation start, median of runs; a 412-px phone, empty cache; throttled: ${ownContent.cpu}× CPU and slow 4G applied in the browser, ${net.latencyMs} ms per request, ${Math.round(net.downloadKbps)} kbps down, ${Math.round(net.uploadKbps)} kbps up):`,
  );
  console.table(
    Object.entries(ownContent.pages).map(([name, r]) => ({
      page: name,
      content: r.content,
      unthrottled: ms(r.unthrottled),
      [`${ownContent.cpu}× CPU + slow 4G`]: ms(r.cpu4Slow4g),
    })),
  );
}

function interactionsTable(interactions) {
  if (!interactions?.interactions) return;
  console.log(
    `Interactions at ${interactions.cpu}× CPU (median of runs; duration: Event Timing, input to the next paint, "< 16 ms" leaves no entry; next frame: input to the frame after it; answer: until it shows):`,
  );
  console.table(
    Object.entries(interactions.interactions).map(([name, r]) => ({
      interaction: name,
      duration: r.duration === 0 ? '< 16 ms' : ms(r.duration),
      processing: ms(r.processing),
      'next frame': ms(r.nextFrame),
      answer: ms(r.answer),
      'runs < 16 ms': `${r.under16}/${r.runs.length}`,
    })),
  );
}

function apiTable(apiBench) {
  if (!apiBench?.scenarios) return;
  console.log('API (loopback; paced at the given rate, then flat out):');
  console.table(
    apiBench.scenarios.map((sc) => ({
      scenario: sc.name,
      'paced at': `${sc.atRate?.rate ?? '–'}/s`,
      'p50 paced': ms2(sc.atRate?.p50),
      'p99 paced': ms2(sc.atRate?.p99),
      'max req/s flat out': Math.round(sc.flatOut?.throughput ?? 0),
      'p99 flat out': msWhole(sc.flatOut?.p99),
      errors: (sc.atRate?.errors ?? 0) + (sc.atRate?.non2xx ?? 0) + (sc.flatOut?.errors ?? 0) + (sc.flatOut?.non2xx ?? 0),
    })),
  );
}

const BUDGETS = [
  "Flat out, the catalogue reads are answered from the API's catalogue cache (5 s, cleared by every stock write); paced runs cycle through several queries and pages.",
  'Budgets (issue 8): score ≥ 95, TBT ≤ 100 ms, CLS ≤ 0.02, LCP ≤ 1.25 × static, home JS before main content ≤ 120 KB gzip, product list p99 ≤ 25 ms at 500 req/s.',
  'Issue 19: cart, checkout, sign-in, sign-up, tracking and account pages score ≥ 98, LCP ≤ 1.1 × static, CLS ≤ 0.01; TBT ≤ 50 ms and JS gzip ≤ the peer (131 KB home, 158 KB product) everywhere.',
  'Pictures (issue 20): on home, shop and product CLS ≤ 0.01, pictures before the LCP ≤ 120 KB on a 412-px phone, every picture AVIF or WebP.',
];

/** Every table of a run, then the budgets they are read against. */
export function printReport({ site, navigations, ownContent, interactions, api }, telemetryLine) {
  pagesTable(site);
  longTasksTable(site);
  picturesTable(site);
  navigationsTable(navigations);
  swiperTable(site);
  ownContentTable(ownContent);
  interactionsTable(interactions);
  apiTable(api);
  console.log(telemetryLine);
  for (const line of BUDGETS) console.log(line);
}
