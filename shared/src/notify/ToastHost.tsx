import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../ui/inert';
import { SHELL_TOAST_MS } from '../constants';
import { loadedToastify, loadToastify, requestToastHost, subscribeToastHost, toastHostWanted } from './toastify';

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

/** How long after mounting the host fetches the container anyway, when no toast asked sooner. */
const IDLE_MOUNT_MS = 3000;

/**
 * The one toast container, mounted by the shell (spec §2): top right, closes on click, drag or its
 * close button; Alt+T focuses it (react-toastify's default hotkey). The container (and react-toastify)
 * loads with the first toast or once the page is idle, never before the first paint.
 */
export function ToastHost() {
  // The server never renders the container, so hydration starts without it (a toast asked for while the
  // page was hydrating mounts it right after).
  const wanted = useSyncExternalStore(subscribeToastHost, toastHostWanted, () => false);
  useEffect(() => {
    if (wanted) return undefined;
    const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    const timer = window.setTimeout(() => {
      if (idle) idle(requestToastHost, { timeout: IDLE_MOUNT_MS });
      else requestToastHost();
    }, IDLE_MOUNT_MS);
    return () => window.clearTimeout(timer);
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
        <Suspense fallback={null}>
          <ToastContainer {...CONTAINER_PROPS} />
        </Suspense>
      )}
    </div>,
    document.body,
  );
}
