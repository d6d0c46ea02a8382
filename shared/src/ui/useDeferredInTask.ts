import { useEffect, useState } from 'react';
import { nextTask } from './nextTask';

/**
 * `value` as it was, until a task of its own renders the new one: what depends on it (a long list, a
 * page's form) is rendered apart from the update that changed it, so neither makes one long task on a
 * slow phone (issue 19: Total Blocking Time). React's `useDeferredValue` did this by time-slicing;
 * Preact, which renders our pages, takes it as the value itself. The first render uses `value`.
 */
export function useDeferredInTask<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return undefined;
    return nextTask(() => setShown(() => value));
  }, [value, shown]);
  return shown;
}
