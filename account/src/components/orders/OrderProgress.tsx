import { formatStatus, type Order } from '@storefront/shared';
import { formatOrderDate } from './formatOrderDate';
import './OrderProgress.css';

/** What the shopper reads for the shop's side of an order: who moved it, by status. */
const BY_LABEL: Record<string, string> = { store: 'by the shop', customer: 'by you', system: '' };

/**
 * An order's way so far (issue 38): the courier, the AWB and the courier's tracking link once the shop
 * has dispatched it, and each status it went through with its date, as My Orders' drawer and /track-order
 * show it. Dates only (no time of day): the formatting stays the cheap one of formatOrderDate.
 */
export function OrderProgress({ order }: { order: Pick<Order, 'history' | 'shipment' | 'cancel_reason'> }) {
  const shipment = order.shipment;
  return (
    <div className="acc-progress">
      {shipment && (
        <section aria-label="Shipment" className="acc-progress__shipment">
          <h3 className="acc-progress__heading">Shipment</h3>
          <p>
            {shipment.courier} · AWB <span className="acc-progress__awb">{shipment.tracking_number}</span>
          </p>
          <p>
            Dispatched {formatOrderDate(shipment.dispatched_at)}
            {shipment.delivered_at ? ` · delivered ${formatOrderDate(shipment.delivered_at)}` : ''}
          </p>
          {shipment.tracking_url && (
            <p>
              <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                Track with {shipment.courier}
              </a>
            </p>
          )}
        </section>
      )}
      {order.history.length > 0 && (
        <section aria-label="Order history" className="acc-progress__history">
          <h3 className="acc-progress__heading">History</h3>
          <ol className="acc-progress__timeline">
            {order.history.map((h, i) => (
              <li key={`${h.status}-${i}`}>
                <span className="acc-progress__status">{formatStatus(h.status)}</span> <time dateTime={h.at}>{formatOrderDate(h.at)}</time>
                {h.by && BY_LABEL[h.by] ? <span className="acc-progress__by"> {BY_LABEL[h.by]}</span> : null}
                {h.status === 'cancelled' && order.cancel_reason ? (
                  <span className="acc-progress__by"> · {order.cancel_reason}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
