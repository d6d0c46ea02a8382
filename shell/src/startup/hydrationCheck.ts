/**
 * Preact hydrates quietly: where the browser's first render differs from the server's markup it
 * rewrites the text or the elements without a word (React would have warned). Outside production the
 * shell compares the page's markup before and right after hydration (its last slice), before any later
 * render (the saved session, the browser-only values) changes it on purpose.
 */

/** The comments the server writes around each Suspense boundary, which hydration takes out. */
const BOUNDARY_MARKS = /<!--\/?\$s-->/g;

/** Where two markups part, with some context on each side; null when they are the same. */
export function markupDifference(serverMarkup: string, hydratedMarkup: string, context = 80): string | null {
  const server = serverMarkup.replace(BOUNDARY_MARKS, '');
  const hydrated = hydratedMarkup.replace(BOUNDARY_MARKS, '');
  if (server === hydrated) return null;
  let i = 0;
  while (i < server.length && i < hydrated.length && server[i] === hydrated[i]) i += 1;
  const from = Math.max(0, i - context);
  return `at ${i}: server "…${server.slice(from, i + context)}…", browser "…${hydrated.slice(from, i + context)}…"`;
}

/**
 * Runs `hydrate` and warns when it changed the markup of `root` (the console line tests look for), once
 * `hydrated` resolves: every slice has hydrated then, and nothing has rendered the browser's own values.
 */
export function hydrateChecked(root: Element, hydrate: () => void, hydrated: Promise<void>, check: boolean): void {
  const before = check ? root.innerHTML : '';
  hydrate();
  if (!check) return;
  void hydrated.then(() => {
    const difference = markupDifference(before, root.innerHTML);
    if (difference) console.warn(`[storefront] the server markup did not match the first render in the browser, ${difference}`);
  });
}
