// A page as a static site would send it — its first screen's markup, styles, fonts and photos (with their
// preloads), without a single script: the floor each page's LCP is compared with.
import { withState } from './timeline.mjs';

/**
 * A server-rendered page is taken as the server sends it (scripts off), so the copy holds exactly the
 * first screen and none of what the scripts add later (the carousels' stylesheets, menus); a page rendered
 * in the browser (`--no-ssr`) is taken once rendered.
 */
export async function staticCopy(browser, site, pathname, state) {
  const served = await fetch(`${site}${pathname}`).then((r) => r.text());
  if (served.includes('class="sh-app"')) {
    return served.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(modulepreload|preload)" as="script"[^>]*>/g, '');
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await withState(context, state);
  const page = await context.newPage();
  await page.goto(`${site}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const after = await page.evaluate(() => {
    const doc = document.documentElement.cloneNode(true);
    for (const el of doc.querySelectorAll('script, link[rel=modulepreload], link[as=script], .Toastify')) el.remove();
    return `<!doctype html>${doc.outerHTML}`;
  });
  await context.close();
  return after;
}
