import { observer } from 'mobx-react-lite';
import { MESSAGES, reportError, type Order } from '@storefront/shared';
import type { OrderDocumentKind, OrdersStore } from '../../stores/OrdersStore';

/** Hands a downloaded file to the browser as a download named `filename`. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file over; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The order's GST tax invoice and credit note (issue 39), once issued: downloaded by the orders store, saved as a PDF. */
export const OrderDocuments = observer(function OrderDocuments({ order, orders }: { order: Order; orders: OrdersStore }) {
  const busy = orders.downloading;
  const docs = order.documents;
  if (!docs?.invoice_number) return null;

  const download = async (kind: OrderDocumentKind, number: string) => {
    try {
      saveFile(await orders.downloadDocument(order.order_id, kind), `${number.replaceAll('/', '-')}.pdf`);
    } catch (err) {
      reportError(err, MESSAGES.documentFailed);
    }
  };

  return (
    <>
      <h3 className="acc-order-details__heading">Tax documents</h3>
      <div className="acc-order-details__actions">
        <button
          type="button"
          className="acc-btn"
          disabled={busy !== null}
          onClick={() => void download('invoice', docs.invoice_number ?? '')}
          aria-label={`Download invoice ${docs.invoice_number}`}
        >
          {busy === 'invoice' ? 'Downloading…' : 'Download invoice'}
        </button>
        {docs.credit_note_number && (
          <button
            type="button"
            className="acc-btn"
            disabled={busy !== null}
            onClick={() => void download('credit_note', docs.credit_note_number ?? '')}
            aria-label={`Download credit note ${docs.credit_note_number}`}
          >
            {busy === 'credit_note' ? 'Downloading…' : 'Download credit note'}
          </button>
        )}
      </div>
    </>
  );
});
