/** Writing a server render into the shell's page: the outlet's markup, the head, `<html>`'s attributes, the loader. */
import { OUTLET_END, OUTLET_START } from '@storefront/contract/seam';
import type { PageLoaderScript, ServerPage } from './types';

export function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The page's own title and description in place of the shell page's defaults. */
function withMeta(head: string, meta: ServerPage['meta']): string {
  let out = head;
  // Replacement functions, not strings: the text comes from the request (a search), and a string
  // replacement would read `$'`, `$\`` and `$&` in it as patterns.
  const { title, description } = meta;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(title)}</title>`);
  if (description) {
    out = out.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(description)}">`,
    );
  }
  return out;
}

/** A render starts with the preloads of its LCP pictures (shell/src/server/headTags.ts): they belong in `<head>`. */
export function splitLeadingLinks(html: string): { links: string; body: string } {
  const m = /^(?:<link [^>]*\/?>)+/.exec(html);
  return m ? { links: m[0], body: html.slice(m[0].length) } : { links: '', body: html };
}

/** Writes a server render into the shell's page; null when the page has no outlet (an older shell). */
export function injectServerPage(html: string, page: ServerPage): string | null {
  const start = html.indexOf(OUTLET_START);
  const end = html.indexOf(OUTLET_END, start);
  const headEnd = html.indexOf('</head>');
  const htmlTag = /<html\b[^>]*>/.exec(html);
  if (start < 0 || end < 0 || headEnd < 0 || !htmlTag || headEnd > start) return null;
  const attrs = Object.entries(page.rootAttributes)
    .filter(([k]) => /^[a-z][a-z0-9-]*$/.test(k) && !htmlTag[0].includes(` ${k}=`))
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const tag = htmlTag[0].replace(/>$/, `${attrs}>`);
  const out =
    html.slice(0, htmlTag.index) +
    tag +
    withMeta(html.slice(htmlTag.index + htmlTag[0].length, headEnd), page.meta) +
    page.head +
    html.slice(headEnd, start) +
    page.html +
    html.slice(end + OUTLET_END.length);
  return page.loader ? withLoader(out, page.loader, page) : out;
}

/**
 * The shell's entry tag (`<script defer src=".../main.<hash>.js">`) replaced by the inlined loader, as an
 * async module script: a classic one at the end of the body would wait for the page's stylesheets before
 * it could start anything. It starts the scripts after `load` on a public page (its pictures first: the
 * largest paint), and on a personal one (`data-start="now"`) once its pictures are painted, with the
 * start-up files named in `data-preload`.
 */
function withLoader(html: string, loader: PageLoaderScript, page: Pick<ServerPage, 'personal' | 'preload'>): string {
  const entry = /<script defer src="([^"]*\/main\.[^"/]*\.js)"><\/script>/.exec(html);
  if (!entry) return html;
  const start = page.personal ? ' data-start="now"' : '';
  const preload = page.preload?.length ? ` data-preload="${escapeAttr(page.preload.join(' '))}"` : '';
  return html.replace(
    entry[0],
    () => `<script type="module" async data-main="${escapeAttr(entry[1] ?? '')}"${start}${preload}>${loader.code}</script>`,
  );
}
