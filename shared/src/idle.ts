type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `task` once the page has loaded and the browser is next idle (at the latest `timeout` ms after
 * the load), and returns a function that cancels it. For work nobody waits for (telemetry, a toast
 * container, a carousel's script): it then never lands in the same busy stretch as the page's own
 * start-up, where every task past 50 ms counts as blocking time (issue 19: TBT). Without
 * `requestIdleCallback` (Safari) a short timer after the load stands in.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const w = window as IdleWindow;
  let cancelled = false;
  let idleId: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (w.requestIdleCallback) idleId = w.requestIdleCallback(task, { timeout });
    else timer = window.setTimeout(task, Math.min(timeout, 200));
  };
  const loaded = document.readyState === 'complete';
  if (loaded) schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    if (!loaded) window.removeEventListener('load', schedule);
    if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
