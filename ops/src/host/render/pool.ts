/** The renders running at once (SSR_MAX_RENDERS): beyond them a page goes out at once, to be rendered in the browser. */
export interface RenderPool {
  /** `fn`'s result, or null without running it when every place is taken. */
  run<T>(fn: () => Promise<T | null>): Promise<T | null>;
}

export function renderPool(maxInFlight: number, onBusy: () => void): RenderPool {
  const max = Math.max(1, maxInFlight);
  let inFlight = 0;
  return {
    async run(fn) {
      if (inFlight >= max) {
        onBusy();
        return null;
      }
      inFlight += 1;
      try {
        return await fn();
      } finally {
        inFlight -= 1;
      }
    },
  };
}
