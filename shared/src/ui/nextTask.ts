/**
 * A task of its own (issues 8 and 19: Total Blocking Time): before `run`, the browser may paint, handle
 * input and run what else is waiting. Start-up and the steps before hydration
 * all split their work this way. A message-channel task, not a timer: nested timers are clamped to
 * 4 ms, and a page's start-up chains many. (Without MessageChannel, as in jsdom, a timer.)
 * Returns a function that cancels it.
 */
export function nextTask(run: () => void): () => void {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/** `nextTask` to await: the next start-up step runs in a task of its own. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    nextTask(resolve);
  });
}
