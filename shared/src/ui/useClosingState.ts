import { useEffect, useState } from 'react';

/**
 * Keeps an overlay mounted for its closing animation (spec §9: 300 ms for the cart panel and order
 * drawer): `mounted` stays true until `ms` after `open` turns false; `closing` is true meanwhile.
 */
export function useClosingState(open: boolean, ms: number): { mounted: boolean; closing: boolean } {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return undefined;
    }
    const t = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(t);
  }, [open, ms]);
  return { mounted: open || mounted, closing: !open && mounted };
}
