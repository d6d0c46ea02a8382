import type { ReactNode } from 'react';
import { addMoney, formatMoney, type LinesSummary } from '@storefront/shared';
import './OrderSummary.css';

interface Props {
  summary: LinesSummary;
  /** Extra content under the totals (coupon form, place-order button). */
  children?: ReactNode;
  title?: string;
  /** Issue 39: a cash-on-delivery fee in rupees, shown as its own line and added to the total. */
  codFee?: number;
}

/** Spec §9 order summary: unit amount = price ÷ quantity, discount, subtotal = price − discount, shipping Free, total = subtotal. */
export function OrderSummary({ summary, children, title = 'Order summary', codFee = 0 }: Props) {
  return (
    <section className="cc-summary" aria-labelledby="cc-summary-title">
      <h2 className="cc-summary__title" id="cc-summary-title">
        {title}
      </h2>
      <ul className="cc-summary__lines" aria-label="Items to order">
        {summary.lines.map((l) => (
          <li className="cc-summary__line" key={l.key}>
            <span>
              {l.name}
              <small>
                {l.variation ? `Size: ${l.variation} · ` : ''}
                {formatMoney(l.unitAmount)} × {l.quantity}
              </small>
            </span>
            <span>{formatMoney(l.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="cc-summary__totals">
        <dt>Price</dt>
        <dd data-testid="summary-price">{formatMoney(summary.price)}</dd>
        <dt>Discount</dt>
        <dd data-testid="summary-discount">{summary.discount > 0 ? `− ${formatMoney(summary.discount)}` : formatMoney(0)}</dd>
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatMoney(summary.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd data-testid="summary-shipping">Free</dd>
        {codFee > 0 ? (
          <>
            <dt>Cash on delivery fee</dt>
            <dd data-testid="summary-cod-fee">{formatMoney(codFee)}</dd>
          </>
        ) : null}
        <dt className="cc-summary__grand">Total</dt>
        <dd className="cc-summary__grand" data-testid="summary-total">
          {formatMoney(codFee > 0 ? addMoney(summary.total, codFee) : summary.total)}
        </dd>
      </dl>
      {children}
    </section>
  );
}
