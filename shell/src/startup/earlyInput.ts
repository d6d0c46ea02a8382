/**
 * A server-rendered page shows its buttons before the scripts that run them have arrived (they wait
 * for the page's `load`, then hydrate). A shopper who taps "Add to cart" in that moment must not lose
 * the tap: until the page has hydrated, the last click on a control (and a form submission) inside
 * `#root` is held, and replayed on the same element once React owns it. Links are left alone: they
 * work without script (the next page is server-rendered too).
 */

/** Where the page's loader (loader.ts) leaves what it holds for the shell to release. */
export const EARLY_INPUT_KEY = '__storefrontEarlyInput';

/** Controls that need the page's script to do anything. */
const CONTROL = 'button, [role="button"], input[type="checkbox"], input[type="radio"], input[type="submit"], summary, label';

export interface HeldInput {
  /** Stops holding and replays what was held (once the page has hydrated). */
  release(): void;
  /** Stops holding and drops what was held (hydration failed). */
  drop(): void;
}

export function holdEarlyInput(doc: Document = document): HeldInput {
  let held: (() => void) | null = null;
  const inRoot = (el: Element) => !!doc.getElementById('root')?.contains(el);

  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    const control = target?.closest<HTMLElement>(CONTROL);
    if (!control || !inRoot(control) || control.closest('a[href]')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = () => {
      if (control.isConnected) control.click();
    };
  };
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target instanceof HTMLFormElement ? e.target : null;
    if (!form || !inRoot(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const submitter = e.submitter instanceof HTMLElement ? e.submitter : null;
    held = () => {
      if (form.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
    };
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);

  const stop = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
  return {
    release() {
      stop();
      const replay = held;
      held = null;
      replay?.();
    },
    drop() {
      stop();
      held = null;
    },
  };
}

/**
 * What the page's loader has been holding since first paint; when the page came without the loader
 * (served by an older host), the shell starts holding now.
 */
export function takeOverEarlyInput(win: Window = window): HeldInput {
  const w = win as unknown as Record<string, HeldInput | undefined>;
  const held = w[EARLY_INPUT_KEY] ?? holdEarlyInput(win.document);
  delete w[EARLY_INPUT_KEY];
  return held;
}
