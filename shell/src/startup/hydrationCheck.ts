import type { ErrorInfo } from 'react';

/**
 * React's `onRecoverableError` for `hydrateRoot`: a part whose first render in the browser did not match
 * the server's markup is rendered afresh in the browser (React recovers), but the page paid for it and a
 * server render is wrong somewhere. Said on the console in the words the browser tests look for.
 */
export function reportHydrationError(error: unknown, info: ErrorInfo): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `[storefront] hydration: the server markup did not match the first render in the browser: ${message}`,
    info.componentStack ?? '',
  );
}
