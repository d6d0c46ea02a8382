/** A render's deadline, as a result the caller switches on: never recognised by an error's text. */
import { RENDER_TIMEOUT_CODE } from '@storefront/contract/seam';

export type Raced<T> = { done: true; value: T } | { done: false; timedOut: true };

/** `p`'s value, or `timedOut` once `ms` have passed (the timer cleared either way). */
export async function raceDeadline<T>(p: Promise<T>, ms: number): Promise<Raced<T>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Raced<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false, timedOut: true }), ms);
  });
  try {
    return await Promise.race([p.then((value): Raced<T> => ({ done: true, value })), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The shell's server build gave up at its own deadline (it throws with the contract's code). */
export function isRenderTimeout(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { code?: unknown }).code === RENDER_TIMEOUT_CODE;
}
