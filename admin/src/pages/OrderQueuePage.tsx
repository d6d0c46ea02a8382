import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@storefront/shared/router';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  formatMoney,
  formatStatus,
  paths,
  paymentMethodLabel,
  reportError,
  useDocumentTitle,
} from '@storefront/shared';
import { useAdmin } from '../AdminContext';
import { Pager } from '../components/Pager';
import { OrderQueueStore } from '../stores/OrderQueueStore';
import { formatWhen } from '../components/TextField';

/** The order queue: what waits for the shop, oldest first, filtered by status, payment and order day. */
export const OrderQueuePage = observer(function OrderQueuePage() {
  useDocumentTitle('Orders');
  const { api } = useAdmin();
  const [queue] = useState(() => new OrderQueueStore(api));
  const [filters, setFilters] = useState({ status: 'order_placed', payment_status: '', from: '', to: '' });
  useEffect(() => {
    queue.load().catch((err: unknown) => reportError(err, 'Could not load the orders'));
  }, [queue]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    queue.filter(filters).catch((err: unknown) => reportError(err, 'Could not load the orders'));
  };
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [name]: e.target.value }));

  return (
    <section className="adm-page" aria-labelledby="adm-orders-title">
      <h1 id="adm-orders-title">Orders</h1>
      <form className="adm-filters" onSubmit={apply} aria-label="Filter orders">
        <Choice label="Status" any="Any status" options={ORDER_STATUSES} value={filters.status} onChange={set('status')} />
        <Choice
          label="Payment"
          any="Any payment"
          options={PAYMENT_STATUSES}
          value={filters.payment_status}
          onChange={set('payment_status')}
        />
        <label>
          From
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
        <button type="submit" className="adm-btn">
          Show
        </button>
      </form>
      {queue.error && <p className="adm-notice">{queue.error}</p>}
      <p aria-live="polite" className="adm-muted">
        {queue.loading ? 'Loading…' : `${queue.paging.total} order${queue.paging.total === 1 ? '' : 's'}, oldest waiting first`}
      </p>
      <ul className="adm-list" aria-label="Orders">
        {queue.orders.map((o) => (
          <li key={o.order_id} className="adm-card">
            <p className="adm-card__head">
              <Link to={paths.admin.order(o.order_number)}>{o.order_number}</Link>
              <span className={`adm-status adm-status--${o.status}`}>{formatStatus(o.status)}</span>
            </p>
            <p>
              {o.product_name} ({o.product_variation}) × {o.quantity}
            </p>
            <p className="adm-muted">
              {formatWhen(o.order_date)} · {formatMoney(o.final_amount)} · {paymentMethodLabel(o.payment_method)} ·{' '}
              {formatStatus(o.payment_status)}
            </p>
          </li>
        ))}
      </ul>
      <Pager
        page={queue.paging.page}
        pages={queue.paging.pages}
        onGo={(n) => void queue.paging.goTo(n).catch((err: unknown) => reportError(err, 'Could not load the orders'))}
      />
    </section>
  );
});

interface ChoiceProps {
  label: string;
  any: string;
  options: readonly string[];
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

/** A filter over a list of statuses, "any" first. */
function Choice({ label, any, options, value, onChange }: ChoiceProps) {
  return (
    <label>
      {label}
      <select value={value} onChange={onChange}>
        <option value="">{any}</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {formatStatus(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
