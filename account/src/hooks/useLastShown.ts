import { useState } from 'react';

/**
 * The last non-null value: an overlay keeps showing what it showed while its closing animation runs
 * (spec §9: 300 ms), instead of going blank the moment its subject is cleared.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
