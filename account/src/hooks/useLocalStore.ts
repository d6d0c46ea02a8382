import { useState } from 'react';

/** A section-local store created once per mounted component (form state of a page, its orders…). */
export function useLocalStore<T>(create: () => T): T {
  const [store] = useState(create);
  return store;
}
