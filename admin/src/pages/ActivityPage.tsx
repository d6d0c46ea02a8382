import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { reportError, useDocumentTitle } from '@storefront/shared';
import type { StaffAction } from '@storefront/shared/staff';
import { useAdmin } from '../AdminContext';
import { StaffStore } from '../stores/StaffStore';
import { formatWhen } from '../components/TextField';

/** A subject's state as the record keeps it, short enough for a phone. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** Owners only: who did what and when, with the subject before and after, newest first. */
export const ActivityPage = observer(function ActivityPage() {
  useDocumentTitle('Activity');
  const { api } = useAdmin();
  const [store] = useState(() => new StaffStore(api));
  const load = (more: boolean) => store.loadActivity(more).catch((err: unknown) => reportError(err, 'Could not load the activity record'));
  useEffect(() => {
    void store.loadActivity(false).catch((err: unknown) => reportError(err, 'Could not load the activity record'));
  }, [store]);
  return (
    <section className="adm-page" aria-labelledby="adm-activity-title">
      <h1 id="adm-activity-title">Activity</h1>
      <ol className="adm-list" aria-label="Staff actions">
        {store.actions.map((a) => (
          <ActionRow key={a.id} action={a} />
        ))}
      </ol>
      {store.nextBefore !== null && (
        <button type="button" className="adm-btn adm-btn--plain" disabled={store.loading} onClick={() => void load(true)}>
          Older
        </button>
      )}
    </section>
  );
});

function ActionRow({ action }: { action: StaffAction }) {
  return (
    <li className="adm-card">
      <p className="adm-card__head">
        <strong>{action.action}</strong>
        <span className="adm-muted">
          {action.subject_type} {action.subject_id}
        </span>
      </p>
      <p className="adm-muted">
        {action.staff ? `${action.staff.name} (${action.staff.email})` : 'Someone since removed'} · {formatWhen(action.created_at)}
      </p>
      <p className="adm-change">
        <span>Before: {shown(action.before)}</span>
        <span>After: {shown(action.after)}</span>
      </p>
    </li>
  );
}
