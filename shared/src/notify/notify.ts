import type { ToastOptions } from 'react-toastify';
import { messagesOf } from '../api/errors';
import { SHELL_TOAST_MS, SHOPPING_TOAST_MS } from '../constants';
import { loadedToastify, loadToastify, requestToastHost } from './toastify';

/** 'shell' toasts last 2000 ms, 'shopping' flows 5000 ms (spec §2: both readings are given). */
export type ToastFlow = 'shell' | 'shopping';

export interface NotifyOptions {
  flow?: ToastFlow;
  /** A stable id collapses repeats of the same toast into one. */
  id?: string;
}

function options(o: NotifyOptions = {}): ToastOptions {
  return {
    autoClose: o.flow === 'shell' ? SHELL_TOAST_MS : SHOPPING_TOAST_MS,
    ...(o.id ? { toastId: o.id } : {}),
  };
}

/**
 * The only door to toasts (STYLE.md): sections call these, never react-toastify. Shopping flows are the
 * default; the shell passes `{ flow: 'shell' }`.
 */
export const notify = {
  success: (message: string, o?: NotifyOptions) => show('success', message, o),
  error: (message: string, o?: NotifyOptions) => show('error', message, o),
  info: (message: string, o?: NotifyOptions) => show('info', message, o),
  warning: (message: string, o?: NotifyOptions) => show('warning', message, o),
};

function show(kind: 'success' | 'error' | 'info' | 'warning', message: string, o?: NotifyOptions): void {
  // A server render has nobody to show a toast to (and must not queue one for ever): the browser
  // reports the same failure itself when it asks again.
  if (typeof window === 'undefined') return;
  requestToastHost();
  const ready = loadedToastify();
  if (ready) {
    ready.toast[kind](message, options(o));
    return;
  }
  loadToastify()
    .then(({ toast }) => void toast[kind](message, options(o)))
    .catch((err: unknown) => console.error(`[storefront] could not show a toast: ${message}`, err));
}

/**
 * Reports a failure: the server's messages (a list gives one toast each, spec §8) or the fallback.
 * Returns the first message shown so a form can also display it.
 */
export function reportError(err: unknown, fallback: string, o?: NotifyOptions): string {
  const list = messagesOf(err, fallback);
  for (const m of list) notify.error(m, o);
  return list[0] ?? fallback;
}
