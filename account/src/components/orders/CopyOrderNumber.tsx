import { useEffect, useRef, useState } from 'react';
import { COPIED_MS } from '@storefront/shared';
import { copyText } from './copyText';

/** The order number with a copy action; 'Copied!' replaces the label for 2 s (spec §2, §9). */
export function CopyOrderNumber({ orderNumber }: { orderNumber: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    const ok = await copyText(orderNumber);
    if (!ok) return;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <span className="acc-copy">
      <span className="acc-copy__value">{orderNumber}</span>
      <button
        type="button"
        className="acc-copy__btn"
        onClick={() => void copy()}
        aria-label={copied ? 'Copied!' : `Copy order number ${orderNumber}`}
      >
        {copied ? 'Copied!' : 'Copy'}
      </button>
      <span className="acc-visually-hidden" role="status" aria-live="polite">
        {copied ? 'Order number copied' : ''}
      </span>
    </span>
  );
}
