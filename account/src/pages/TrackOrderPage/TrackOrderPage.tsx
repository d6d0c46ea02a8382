import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate, useParams } from '@storefront/shared/router';
import { InputField, MESSAGES, paths, useDocumentTitle, useForm, useStores } from '@storefront/shared';
import { useLocalStore } from '../../hooks/useLocalStore';
import { TrackOrderStore } from '../../stores/TrackOrderStore';
import { TrackResult } from './TrackResult';
import '../../components/forms.css';
import './TrackOrderPage.css';

/** /track-order and /track-order/:id: public order tracking by order number (works for guests). */
const TrackOrderPage = observer(function TrackOrderPage() {
  const { api, sessionRestored } = useStores();
  useDocumentTitle('Track Order');
  const store = useLocalStore(() => new TrackOrderStore(api));
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const form = useForm((v) => v.trackOrderSchema, { track_no: id ?? '' }, { failure: MESSAGES.somethingWentWrong });
  const { setValues } = form;

  // Looked up once the shopper's session is known (a page rendered on the server hydrates first): the
  // owner, signed in, is answered with the full address (issue 13), anyone else with the masked one.
  useEffect(() => {
    if (id) setValues({ track_no: id });
    if (id && sessionRestored) void store.track(id);
  }, [id, store, sessionRestored, setValues]);

  const submit = form.handleSubmit((v) => {
    const no = v.track_no.trim();
    if (no === id) void store.track(no);
    else navigate(paths.trackOrder(no));
  });

  const result = store.result;
  return (
    <section className="acc-page acc-track" data-section="account">
      <h1 className="acc-track__title">Track Order</h1>
      <form className="acc-form acc-track__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Track order">
        <InputField
          id="track-no"
          label="Order number"
          classPrefix="acc-field"
          {...form.field('track_no')}
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
      {result && <TrackResult result={result} />}
    </section>
  );
});

export default TrackOrderPage;
