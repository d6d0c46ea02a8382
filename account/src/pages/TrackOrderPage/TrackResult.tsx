import { formatMoney, formatStatus, type TrackedOrder } from '@storefront/shared';
import { formatOrderDate } from '../../components/orders/formatOrderDate';
import { OrderProgress } from '../../components/orders/OrderProgress';

/** One tracked order: status, what and when, where it goes (masked unless the owner asks), its steps. */
export function TrackResult({ result }: { result: TrackedOrder }) {
  return (
    <article className="acc-track__result" aria-labelledby="track-result-title">
      <header className="acc-track__head">
        <h2 id="track-result-title">Order {result.order_number}</h2>
        <p>
          Status: <span className={`acc-status acc-status--${result.status}`}>{formatStatus(result.status)}</span>
        </p>
      </header>
      <dl className="acc-facts">
        <div>
          <dt>Product</dt>
          <dd>
            {result.product_name}
            {result.product_variation ? ` (${result.product_variation})` : ''} × {result.quantity}
          </dd>
        </div>
        <div>
          <dt>Ordered on</dt>
          <dd>{formatOrderDate(result.order_date)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(result.final_amount)}</dd>
        </div>
        {/* Issue 13: anyone with the number sees a masked name and the city; the owner, signed in, the address. */}
        {result.customer_data ? (
          <div>
            <dt>Delivery address</dt>
            <dd>
              {result.customer_data.fullName}, {result.customer_data.shipping_address.address}, {result.customer_data.shipping_address.city}
              , {result.customer_data.shipping_address.state} {result.customer_data.shipping_address.pincode}
              <br />
              Phone: {result.customer_data.phone_number}
              {result.customer_data.shipping_address.alt_phone_number
                ? `, alternate ${result.customer_data.shipping_address.alt_phone_number}`
                : ''}
            </dd>
          </div>
        ) : (
          <div>
            <dt>Delivering to</dt>
            <dd>
              {result.delivery.name}, {result.delivery.city}, {result.delivery.state}
            </dd>
          </div>
        )}
      </dl>
      {!result.customer_data && <p className="acc-form__note">Sign in to see the full delivery address.</p>}
      {result.steps.length > 0 && (
        <ol className="acc-steps" aria-label="Order progress">
          {result.steps.map((step) => (
            <li
              key={step.status}
              className={`acc-steps__step${step.done ? ' acc-steps__step--done' : ''}${step.current ? ' acc-steps__step--current' : ''}`}
              aria-current={step.current ? 'step' : undefined}
            >
              <span className="acc-steps__dot" aria-hidden="true" />
              <span className="acc-steps__label">{step.label}</span>
              <span className="acc-visually-hidden">{step.current ? ' (current step)' : step.done ? ' (done)' : ''}</span>
            </li>
          ))}
        </ol>
      )}
      <OrderProgress order={result} />
    </article>
  );
}
