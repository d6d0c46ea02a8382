import { lazy, useEffect, useSyncExternalStore } from 'react';
import { HydrationBoundary } from '../ui/HydrationBoundary';
import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../ui/inert';
import { SHELL_TOAST_MS } from '../constants';
import { loadedToastify, loadToastify, subscribeToastHost, toastHostWanted } from './toastify';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

const CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: SHELL_TOAST_MS,
  closeOnClick: true,
  draggable: true,
  pauseOnFocusLoss: false,
  newestOnTop: true,
  hotKeys: (e: KeyboardEvent) => e.altKey && e.code === 'KeyT',
  'aria-label': 'Notifications Alt+T',
} as const;

/** The shopper's first of these (a tap, a click, a key) fetches react-toastify. */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * The one toast container, mounted by the shell (spec §2): top right, closes on click, drag or its
 * close button; Alt+T focuses it (react-toastify's default hotkey). The container mounts with the first
 * toast. react-toastify (~10 KB gzip) is fetched by the shopper's first tap, click or key — what raises
 * a toast (adding to the cart, a form) follows one, so it is here by then — or by a toast that comes
 * first; a shopper who only looks never downloads it (issue 19: script the page never uses).
 */
export function ToastHost() {
  // The server never renders the container, so hydration starts without it (a toast asked for while the
  // page was hydrating mounts it right after).
  const wanted = useSyncExternalStore(subscribeToastHost, toastHostWanted, () => false);
  useEffect(() => {
    if (wanted) return undefined;
    const prefetch = () => {
      stop();
      loadToastify().catch(() => undefined);
    };
    const stop = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, prefetch, true);
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, prefetch, { capture: true, passive: true });
    return stop;
  }, [wanted]);
  if (!wanted || typeof document === 'undefined') return null;
  const ready = loadedToastify();
  // Straight under <body>, marked to stay live: a toast raised while a dialog or drawer holds the
  // rest of the page inert is still seen and announced.
  return createPortal(
    <div {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}>
      {ready ? (
        <ready.ToastContainer {...CONTAINER_PROPS} />
      ) : (
        <HydrationBoundary fallback={null}>
          <ToastContainer {...CONTAINER_PROPS} />
        </HydrationBoundary>
      )}
    </div>,
    document.body,
  );
}
