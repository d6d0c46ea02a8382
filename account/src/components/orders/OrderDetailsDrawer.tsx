import { observer } from 'mobx-react-lite';
import {
  Drawer,
  formatMoney,
  Picture,
  formatStatus,
  isCancellable,
  paymentMethodLabel,
  paymentStatusLabel,
  summarizeOrder,
  type Order,
} from '@storefront/shared';
import { useLastShown } from '../../hooks/useLastShown';
import { CopyOrderNumber } from './CopyOrderNumber';
import { OrderDocuments } from './OrderDocuments';
import type { OrdersStore } from '../../stores/OrdersStore';
import { formatOrderDate } from './formatOrderDate';
import { OrderProgress } from './OrderProgress';
import './OrderDetailsDrawer.css';

interface OrderDetailsDrawerProps {
  order: Order | null;
  /** The list's store: it downloads the order's tax documents. */
  orders: OrdersStore;
  onClose: () => void;
  onCancel: (order: Order) => void;
}

/** Order Details side drawer (spec §2, §9): the shared Drawer closes with its 300 ms animation. */
export const OrderDetailsDrawer = observer(function OrderDetailsDrawer({ order, orders, onClose, onCancel }: OrderDetailsDrawerProps) {
  const shown = useLastShown(order);
  return (
    <Drawer open={order !== null} onClose={onClose} title="Order Details" className="acc-order-drawer">
      {shown && <OrderDetails order={shown} orders={orders} onCancel={onCancel} />}
    </Drawer>
  );
});

function OrderDetails({ order, orders, onCancel }: { order: Order; orders: OrdersStore; onCancel: (order: Order) => void }) {
  return (
    <div className="acc-order-details">
      <OrderFacts order={order} />
      <OrderItem order={order} />
      <OrderSummary order={order} />
      <OrderProgress order={order} />
      <DeliveryAddress order={order} />
      <OrderDocuments order={order} orders={orders} />
      {isCancellable(order.status) && (
        <div className="acc-order-details__actions">
          <button type="button" className="acc-btn acc-btn--danger" onClick={() => onCancel(order)}>
            Cancel Order
          </button>
        </div>
      )}
    </div>
  );
}

/** Number (with its copy button), date and status. */
function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="acc-order-details__meta">
      <div>
        <dt>Order number</dt>
        <dd>
          <CopyOrderNumber orderNumber={order.order_number} />
        </dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{formatOrderDate(order.order_date)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`acc-status acc-status--${order.status}`}>{formatStatus(order.status)}</span>
        </dd>
      </div>
    </dl>
  );
}

function OrderItem({ order }: { order: Order }) {
  const { unitAmount } = summarizeOrder(order);
  return (
    <>
      <h3 className="acc-order-details__heading">Items</h3>
      <ul className="acc-order-details__lines">
        <li className="acc-order-line">
          {order.product_image && (
            <Picture src={order.product_image} alt="" className="acc-order-line__img" sizes="64px" width={64} height={64} loading="eager" />
          )}
          <div className="acc-order-line__text">
            <span className="acc-order-line__name">{order.product_name}</span>
            {order.product_variation && <span className="acc-order-line__meta">Size: {order.product_variation}</span>}
            <span className="acc-order-line__meta">
              {order.quantity} × {formatMoney(unitAmount)}
            </span>
          </div>
          <span className="acc-order-line__price">{formatMoney(order.price)}</span>
        </li>
      </ul>
    </>
  );
}

/** The amounts, the payment method and, unless paid on delivery, where the payment (or its refund) stands. */
function OrderSummary({ order }: { order: Order }) {
  const s = summarizeOrder(order);
  return (
    <>
      <h3 className="acc-order-details__heading">Summary</h3>
      <dl className="acc-order-summary">
        <div>
          <dt>Unit amount</dt>
          <dd>{formatMoney(s.unitAmount)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{s.discount > 0 ? `− ${formatMoney(s.discount)}` : formatMoney(0)}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(s.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className="acc-order-summary__total">
          <dt>Total</dt>
          <dd>{formatMoney(s.total)}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>{paymentMethodLabel(order.payment_method)}</dd>
        </div>
        {order.payment_status !== 'cod' && (
          <div>
            <dt>Payment</dt>
            <dd data-testid="order-payment-status">
              {paymentStatusLabel(order.payment_status)}
              {order.payment_status === 'refund_pending' && ` (${formatMoney(order.final_amount)} on its way back to you)`}
              {order.payment_status === 'refunded' && ` (${formatMoney(order.final_amount)})`}
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}

function DeliveryAddress({ order }: { order: Order }) {
  const address = order.customer_data?.shipping_address;
  if (!address) return null;
  return (
    <>
      <h3 className="acc-order-details__heading">Delivery address</h3>
      <address className="acc-order-details__address">
        {order.customer_data.fullName && (
          <>
            {order.customer_data.fullName}
            <br />
          </>
        )}
        {address.address}
        <br />
        {address.city}, {address.state} {address.pincode}
        {order.customer_data.phone_number && (
          <>
            <br />
            Phone: {order.customer_data.phone_number}
          </>
        )}
      </address>
    </>
  );
}
