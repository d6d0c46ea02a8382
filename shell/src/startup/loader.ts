/**
 * The loader of a server-rendered page (issue 8), built on its own as `ssr-loader.js` (no React, no
 * Module Federation: under 2 KB) and inlined by the host in place of the shell's `<script defer
 * src=main.js>` — with its hash in the page's Content-Security-Policy.
 *
 * The page is on screen before any script: its images (the banner is the largest paint) get the
 * network to themselves, and the shell's scripts start after the page's `load` — at once on a
 * personal page (the host marks it `data-start="now"`), whose content comes with the scripts. Until the page has
 * hydrated, the shopper's last tap on a control is held and replayed (see earlyInput.ts); the shell
 * releases it through `window.__storefrontEarlyInput` once React owns the page.
 */
import { EARLY_INPUT_KEY, holdEarlyInput, type HeldInput } from './earlyInput';

export function startLoader(doc: Document = document, win: Window = window): void {
  const self = doc.currentScript as HTMLScriptElement | null;
  const main = self?.dataset.main;
  if (!main) return;
  (win as unknown as Record<string, HeldInput>)[EARLY_INPUT_KEY] = holdEarlyInput(doc);
  const load = () => {
    const script = doc.createElement('script');
    script.src = main;
    doc.body.appendChild(script);
  };
  // A personal page (cart, checkout, account) starts at once: what the shopper came for is their own
  // data, which only the scripts bring; a public page's largest paint is in the HTML, its pictures first.
  if (doc.readyState === 'complete' || self.dataset.start === 'now') load();
  else win.addEventListener('load', load, { once: true });
}

startLoader();
