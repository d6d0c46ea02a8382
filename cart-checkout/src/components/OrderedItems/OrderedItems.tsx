import type { Order } from '@storefront/shared';
import { formatMoney, Picture, Skeleton } from '@storefront/shared';
import './OrderedItems.css';

/** What was bought: one row per order (the server makes one order per cart line). */
export function OrderedItems({ orders }: { orders: Order[] }) {
  return (
    <ul className="cc-ordered" aria-label="Items ordered">
      {orders.map((o) => (
        <li className="cc-ordered__item" key={o.order_id}>
          {o.product_image ? (
            <Picture src={o.product_image} alt="" sizes="56px" width={56} height={68} loading="lazy" />
          ) : (
            <span className="cc-ordered__ph" aria-hidden="true" />
          )}
          <div>
            <p className="cc-ordered__name">{o.product_name}</p>
            <p className="cc-ordered__meta">
              Order {o.order_number}
              {o.product_variation ? ` · Size: ${o.product_variation}` : ''} · Qty {o.quantity}
            </p>
          </div>
          <p className="cc-ordered__amount">{formatMoney(o.final_amount)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The rows OrderedItems will show, one per order number, while the orders load: the thumbnail's box
 * and its lines of text (each skeleton line one line-height tall, `1lh`), so the card keeps its height when the answer arrives.
 */
export function OrderedItemsSkeleton({ count }: { count: number }) {
  return (
    <ul className="cc-ordered" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li className="cc-ordered__item" key={i}>
          <span className="cc-ordered__ph" />
          <div>
            <Skeleton width="70%" height="1lh" />
            <Skeleton className="cc-ordered__meta" width="90%" height="1lh" />
          </div>
          <Skeleton className="cc-ordered__amount" width={72} height="1lh" />
        </li>
      ))}
    </ul>
  );
}
