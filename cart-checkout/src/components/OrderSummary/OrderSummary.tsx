import type { ReactNode } from 'react';
import type { OrderSummary as Summary } from '../../lib/orderSummary';
import { formatRupees } from '../../lib/money';
import './OrderSummary.css';

interface Props {
  summary: Summary;
  /** Extra content under the totals (coupon form, place-order button). */
  children?: ReactNode;
  title?: string;
}

/** Spec §9 order summary: unit amount, discount, subtotal = price − discount, shipping Free, total = subtotal. */
export function OrderSummary({ summary, children, title = 'Order summary' }: Props) {
  return (
    <section className="cc-summary" aria-labelledby="cc-summary-title">
      <h2 className="cc-summary__title" id="cc-summary-title">
        {title}
      </h2>
      <ul className="cc-summary__lines">
        {summary.lines.map((l) => (
          <li className="cc-summary__line" key={l.key}>
            <span>
              {l.name}
              <small>
                {l.variation ? `Size: ${l.variation} · ` : ''}
                {formatRupees(l.unitAmount)} × {l.quantity}
              </small>
            </span>
            <span>{formatRupees(l.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="cc-summary__totals">
        <dt>Price</dt>
        <dd data-testid="summary-price">{formatRupees(summary.price)}</dd>
        <dt>Discount</dt>
        <dd data-testid="summary-discount">{summary.discount > 0 ? `− ${formatRupees(summary.discount)}` : formatRupees(0)}</dd>
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatRupees(summary.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>Free</dd>
        <dt className="cc-summary__grand">Total</dt>
        <dd className="cc-summary__grand" data-testid="summary-total">
          {formatRupees(summary.total)}
        </dd>
      </dl>
      {children}
    </section>
  );
}
