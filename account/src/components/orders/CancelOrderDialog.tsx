import { observer } from 'mobx-react-lite';
import { CANCEL_REASONS, Field, Modal, notify, type Order, useForm } from '@storefront/shared';
import { useLastShown } from '../../hooks/useLastShown';
import { FormError } from '../FormError';
import { cancelFailureMessage, type OrdersStore } from '../../stores/OrdersStore';
import './CancelOrderDialog.css';

interface CancelValues extends Record<string, unknown> {
  reject_reason_select: string;
  reject_reason_input: string;
}

interface CancelOrderDialogProps {
  order: Order | null;
  orders: OrdersStore;
  onClose: () => void;
  /** Runs after a successful cancel (the list has been refetched by then). */
  onCancelled?: () => void;
}

/**
 * Cancel Order dialog (spec §2, §5): one of the nine reasons is required; 'Other' needs a written
 * reason. Success toasts the server's message and refetches the orders (spec §4).
 */
export const CancelOrderDialog = observer(function CancelOrderDialog({ order, orders, onClose, onCancelled }: CancelOrderDialogProps) {
  const shown = useLastShown(order);
  return (
    <Modal open={order !== null} onClose={onClose} title="Cancel Order">
      {shown && <CancelForm key={shown.order_id} order={shown} orders={orders} onClose={onClose} onCancelled={onCancelled} />}
    </Modal>
  );
});

const CancelForm = observer(function CancelForm({ order, orders, onClose, onCancelled }: CancelOrderDialogProps & { order: Order }) {
  // Spec §8: a failed cancel falls back to the error's own message before 'Failed to cancel order'.
  const form = useForm<CancelValues>(
    (v) => v.cancelOrderSchema,
    { reject_reason_select: '', reject_reason_input: '' },
    { failure: cancelFailureMessage },
  );
  const { values, errors, onChange, submitting } = form;
  const isOther = values.reject_reason_select === 'Other';

  const submit = form.handleSubmit(async (v) => {
    const message = await orders.cancel({
      order_id: order.order_id,
      reject_reason_select: v.reject_reason_select,
      ...(v.reject_reason_select === 'Other' ? { reject_reason_input: v.reject_reason_input.trim() } : {}),
    });
    notify.success(message);
    onClose();
    onCancelled?.();
  });

  return (
    <form className="acc-form acc-cancel" onSubmit={submit} noValidate aria-label="Cancel order">
      <p className="acc-cancel__lead">
        Order <strong>{order.order_number}</strong>: {order.product_name}
      </p>
      <Field id="cancel-reason" label="Reason for cancellation" classPrefix="acc-field" error={errors.reject_reason_select}>
        {(aria) => (
          <select
            name="reject_reason_select"
            className="acc-field__input"
            value={values.reject_reason_select}
            onChange={onChange}
            {...aria}
          >
            <option value="">Select a reason</option>
            {CANCEL_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        )}
      </Field>
      {isOther && (
        <Field id="cancel-other" label="Your reason" classPrefix="acc-field" error={errors.reject_reason_input}>
          {(aria) => (
            <textarea
              name="reject_reason_input"
              className="acc-field__input"
              rows={3}
              value={values.reject_reason_input}
              onChange={onChange}
              {...aria}
            />
          )}
        </Field>
      )}
      <FormError message={form.formError} />
      <div className="acc-dialog__actions">
        <button type="submit" className="acc-btn acc-btn--danger" disabled={submitting}>
          {submitting ? 'Cancelling…' : 'Cancel Order'}
        </button>
        <button type="button" className="acc-btn" onClick={onClose}>
          Keep Order
        </button>
      </div>
    </form>
  );
});
