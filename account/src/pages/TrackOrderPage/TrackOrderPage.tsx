import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@storefront/shared/router';
import { formatMoney, formatStatus, InputField, paths, useStores, useDocumentTitle, type TrackedOrder } from '@storefront/shared';
import { useLocalStore } from '../../hooks/useLocalStore';
import { TrackOrderStore } from '../../stores/TrackOrderStore';
import { formatOrderDate } from '../../components/orders/formatOrderDate';
import { OrderProgress } from '../../components/orders/OrderProgress';
import '../../components/forms.css';
import './TrackOrderPage.css';

/** Issue 13: anyone with the number sees a masked name and the city; the owner, signed in, the address. */
function DeliveryFact({ result }: { result: TrackedOrder }) {
  const customer = result.customer_data;
  if (!customer) {
    return (
      <div>
        <dt>Delivering to</dt>
        <dd>
          {result.delivery.name}, {result.delivery.city}, {result.delivery.state}
        </dd>
      </div>
    );
  }
  const where = customer.shipping_address;
  return (
    <div>
      <dt>Delivery address</dt>
      <dd>
        {customer.fullName}, {where.address}, {where.city}, {where.state} {where.pincode}
        <br />
        Phone: {customer.phone_number}
        {where.alt_phone_number ? `, alternate ${where.alt_phone_number}` : ''}
      </dd>
    </div>
  );
}

function TrackSteps({ steps }: { steps: TrackedOrder['steps'] }) {
  return (
    <ol className="acc-steps" aria-label="Order progress">
      {steps.map((step) => (
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
  );
}

function TrackedOrderResult({ result }: { result: TrackedOrder }) {
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
        <DeliveryFact result={result} />
      </dl>
      {!result.customer_data && <p className="acc-form__note">Sign in to see the full delivery address.</p>}
      {result.steps.length > 0 && <TrackSteps steps={result.steps} />}
      <OrderProgress order={result} />
    </article>
  );
}

/** /track-order and /track-order/:id: public order tracking by order number (works for guests). */
const TrackOrderPage = observer(function TrackOrderPage() {
  const { api, sessionRestored } = useStores();
  useDocumentTitle('Track Order');
  const store = useLocalStore(() => new TrackOrderStore(api));
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const [trackNo, setTrackNo] = useState(id ?? '');
  const [error, setError] = useState<string | undefined>();

  // Looked up once the shopper's session is known (a page rendered on the server hydrates first): the
  // owner, signed in, is answered with the full address (issue 13), anyone else with the masked one.
  useEffect(() => {
    if (id) setTrackNo(id);
    if (id && sessionRestored) void store.track(id);
  }, [id, store, sessionRestored]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const no = trackNo.trim();
    if (!no) {
      setError('Please enter your order number');
      return;
    }
    setError(undefined);
    if (no === id) void store.track(no);
    else navigate(paths.trackOrder(no));
  };

  const result = store.result;
  return (
    <section className="acc-page acc-track" data-section="account">
      <h1 className="acc-track__title">Track Order</h1>
      <form className="acc-form acc-track__form" onSubmit={submit} noValidate aria-label="Track order">
        <InputField
          id="track-no"
          name="track_no"
          label="Order number"
          classPrefix="acc-field"
          error={error}
          value={trackNo}
          onChange={(e) => {
            setTrackNo(e.target.value);
            setError(undefined);
          }}
          placeholder="e.g. SF-20261122-0001"
        />
        <button type="submit" className="acc-btn acc-btn--primary" disabled={store.loading}>
          {store.loading ? 'Tracking…' : 'Track'}
        </button>
      </form>

      {store.loading && <p role="status">Looking up your order…</p>}
      {!store.loading && store.error && (
        <p role="alert" className="acc-track__error">
          {store.error}
        </p>
      )}
      {result && <TrackedOrderResult result={result} />}
    </section>
  );
});

export default TrackOrderPage;
