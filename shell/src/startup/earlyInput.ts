/**
 * A server-rendered page shows its buttons before the scripts that run them have arrived (they wait
 * for the page's `load`, then hydrate). A shopper who taps "Add to cart" in that moment must not lose
 * the tap: until the page has hydrated, the last click on a control (and a form submission) inside
 * `#root` is held, and replayed on the same element once React owns it. Links are left alone: they
 * work without script (the next page is server-rendered too).
 *
 * Text typed into a field in that moment would not be known to the page's state (a form would then say
 * "This field is required" under a filled field), and hydration writes the state's empty value over
 * it: the last value typed is kept here, and on release each such field gets it back as one input
 * event, before the held tap (which may submit the form).
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

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Gives a field back the value the shopper typed before the page's script owned it, and tells the
 * page's handlers with an input event. A renderer that tracks the value it last saw through the
 * element's own `value` property (React) sees a change too: it is set to '' that way and the typed
 * value through the prototype's setter.
 */
function announce(field: Field, typed: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) return;
  field.value = '';
  setter.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function holdEarlyInput(doc: Document = document): HeldInput {
  let held: (() => void) | null = null;
  const typed = new Map<Field, string>();
  const inRoot = (el: Element) => !!doc.getElementById('root')?.contains(el);

  const onInput = (e: Event) => {
    const t = e.target;
    const isField =
      t instanceof HTMLTextAreaElement ||
      t instanceof HTMLSelectElement ||
      (t instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button'].includes(t.type));
    if (isField && inRoot(t)) typed.set(t, t.value);
  };

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
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onInput, true);

  const stop = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('change', onInput, true);
  };
  return {
    release() {
      stop();
      let announced = false;
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        announce(field, value);
        announced = true;
      }
      typed.clear();
      const replay = held;
      held = null;
      // The page applies the announced values in a microtask: the tap (a submit reads them) comes a task
      // after. A plain timer, not shared's nextTask: this module is inlined into every page's HTML through
      // the loader, where nextTask cost 79 bytes gzip for a task that is never nested (no 4-ms clamp).
      if (replay && announced) setTimeout(replay, 0);
      else replay?.();
    },
    drop() {
      stop();
      typed.clear();
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
