import { useRef, useState } from 'react';

/**
 * A value the shopper just chose, shown at once while the change that will bring it (a navigation
 * the router makes) is on its way; the given value from the moment it changes, for good. React 19's
 * `useOptimistic` without its transitions: Preact's compatibility layer, which renders our pages,
 * has neither and commits a navigation without holding the old screen.
 */
export function useOptimisticValue<T>(value: T): [T, (chosen: T) => void] {
  const chosen = useRef<{ value: T; over: T } | null>(null);
  const [, rerender] = useState(0);
  // Forgotten once the value moves on, so going back to the old value later shows that value.
  if (chosen.current && !Object.is(chosen.current.over, value)) chosen.current = null;
  const choose = (next: T) => {
    chosen.current = { value: next, over: value };
    rerender((n) => n + 1);
  };
  return [chosen.current ? chosen.current.value : value, choose];
}
