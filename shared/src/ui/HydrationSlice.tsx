import { Suspense, useReducer, useState, type ReactNode } from 'react';
import { nextTask } from './nextTask';

/**
 * Hydration in tasks (issue 19: Total Blocking Time). Preact hydrates a whole tree in one go: on a
 * slow phone the home page was one task of ~300 ms. A slice suspends on its first render while the
 * page hydrates; Preact keeps the server's markup for it (no fallback is shown) and hydrates it when the
 * slice's wait ends. Waits end one per task, in the order the slices were met, so each slice hydrates
 * in a task of its own (`nextTask`) and a slice met inside another joins the queue behind the others.
 *
 * Outside a hydration (a client navigation, a page rendered in the browser) a slice renders its
 * children at once: it never shows an empty fallback.
 */

interface Wait {
  /** The slice's turn has come: it hydrates now. */
  done: boolean;
  promise: Promise<void>;
  /** Its children as first rendered: what the server's markup shows, and what it hydrates with. */
  first?: ReactNode;
  /** It has hydrated: from now on it renders its latest children. */
  hydrated: boolean;
  /** Its parent gave it other children while it waited: render those once it has hydrated. */
  stale: boolean;
  rerender?: () => void;
}

const queue: Array<() => void> = [];
let active = false;
let scheduled = false;
let finish: (() => void) | null = null;
const hydratedListeners = new Set<() => void>();

/** True from `startSlicedHydration` until its last slice has hydrated. */
export function isHydrating(): boolean {
  return active;
}

/** Calls `listener` in the task after a hydration in slices has ended (see `useHydrated`). */
export function onHydrated(listener: () => void): () => void {
  hydratedListeners.add(listener);
  return () => hydratedListeners.delete(listener);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  nextTask(() => {
    scheduled = false;
    const next = queue.shift();
    if (next) {
      // Preact hydrates the slice in this task's microtasks; slices met inside it join the queue.
      next();
      schedule();
      return;
    }
    if (!active) return;
    active = false;
    const done = finish;
    finish = null;
    done?.();
    // What only the browser knows renders after the check of the hydrated markup (bootstrap), a task on.
    nextTask(() => hydratedListeners.forEach((listener) => listener()));
  });
}

/**
 * Starts a hydration in slices: call right before `hydrateRoot`. Resolves once every slice met (and
 * every slice met inside those) has hydrated, in the task after the last one, before any render of
 * `useHydrated`'s browser value.
 */
export function startSlicedHydration(): Promise<void> {
  active = true;
  const whenDone = new Promise<void>((resolve) => {
    finish = resolve;
  });
  schedule();
  return whenDone;
}

function hydrationWait(): Wait | null {
  if (!active) return null;
  const wait: Wait = { done: false, promise: Promise.resolve(), hydrated: false, stale: false };
  wait.promise = new Promise<void>((resolve) => {
    queue.push(() => {
      wait.done = true;
      resolve();
      // Preact hydrates the slice in this task's microtasks; a task on, it has, and its latest children may render.
      nextTask(() => {
        wait.hydrated = true;
        if (wait.stale) wait.rerender?.();
      });
    });
  });
  schedule();
  return wait;
}

let serverMarkers = false;
const marked = new WeakSet<object>();
const SETTLED = Promise.resolve();

/**
 * Called by the server render (shell/src/server/render.tsx). Preact keeps a suspended slice's markup
 * while hydrating only between the marks the server writes around a boundary that suspended, and it
 * writes them only for one that did: so on the server each slice suspends once, on a settled promise,
 * and the renderer writes its children in place between the marks.
 */
export function markSlicesInServerRender(on = true): void {
  serverMarkers = on;
}

function Gate(props: { wait: Wait | null; children: ReactNode }) {
  if (serverMarkers && !marked.has(props)) {
    marked.add(props);
    throw SETTLED;
  }
  if (props.wait && !props.wait.done) throw props.wait.promise;
  return <>{props.children}</>;
}

/**
 * Its children hydrate in a task of their own (see above); elsewhere it is only its children.
 *
 * A slice hydrates with the children it was first given, whatever its parent rendered meanwhile (the
 * header's scroll state, say, on a page scrolled before it hydrated), then renders the latest ones:
 * Preact's hydration sets text and listeners but not attributes, so hydrating with newer props than the
 * server's markup would leave their attributes stale (`data-hidden`, a class) until they change again.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  const [wait] = useState(hydrationWait);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  let shown = children;
  if (wait && !wait.hydrated) {
    if (!('first' in wait)) wait.first = children;
    else if (children !== wait.first) wait.stale = true;
    wait.rerender = rerender;
    shown = wait.first;
  }
  return (
    <Suspense fallback={null}>
      <Gate wait={wait}>{shown}</Gate>
    </Suspense>
  );
}
