import { formatMoney, toRupees } from '../format/money';

/** A price in ₹ with two decimals; with `mrp` above it, the MRP struck through beside it. */
export function Price({ value, mrp, className = '' }: { value: number | string; mrp?: number | string; className?: string }) {
  const showMrp = mrp !== undefined && toRupees(mrp) > toRupees(value);
  return (
    <span className={`sf-price ${className}`}>
      <span className="sf-price__value">{formatMoney(value)}</span>
      {showMrp ? (
        <s className="sf-price__mrp" aria-label={`MRP ${formatMoney(mrp)}`}>
          {formatMoney(mrp)}
        </s>
      ) : null}
    </span>
  );
}
