import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { notify, reportError, useDocumentTitle, useForm } from '@storefront/shared';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@storefront/shared/staff';
import { useAdmin } from '../AdminContext';
import { StaffStore } from '../stores/StaffStore';
import { TextField, formatWhen } from '../components/TextField';

/** Owners only: the shop's staff, adding one, changing a role, disabling, signing out everywhere. */
export const StaffPage = observer(function StaffPage() {
  useDocumentTitle('Staff');
  const { api, session } = useAdmin();
  const [store] = useState(() => new StaffStore(api));
  useEffect(() => {
    store.loadMembers().catch((err: unknown) => reportError(err, 'Could not load the staff'));
  }, [store]);
  return (
    <section className="adm-page" aria-labelledby="adm-staff-title">
      <h1 id="adm-staff-title">Staff</h1>
      <ul className="adm-list" aria-label="Staff members">
        {store.members.map((m) => (
          <MemberCard key={m.id} member={m} store={store} self={m.id === session.member?.id} />
        ))}
      </ul>
      <AddMemberForm store={store} />
    </section>
  );
});

function MemberCard({ member, store, self }: { member: StaffMember; store: StaffStore; self: boolean }) {
  const act = (run: () => Promise<unknown>, done: string) =>
    run()
      .then(() => notify.success(done))
      .catch((err: unknown) => reportError(err, 'Could not change the staff member'));
  const other: StaffRole = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <li className="adm-card" aria-label={member.name}>
      <p className="adm-card__head">
        <strong>{member.name}</strong>
        <span className="adm-status">{member.role}</span>
        {member.disabled && <span className="adm-status adm-status--hidden">Disabled</span>}
      </p>
      <p className="adm-muted">
        {member.email} · since {formatWhen(member.created_at)}
      </p>
      {!self && (
        <div className="adm-buttons">
          <button
            type="button"
            className="adm-btn adm-btn--plain"
            onClick={() => void act(() => store.change(member.id, { role: other }), `${member.name} is now ${other}`)}
          >
            Make {other}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--plain"
            onClick={() =>
              void act(
                () => store.change(member.id, { disabled: !member.disabled }),
                member.disabled ? `${member.name} can sign in again` : `${member.name} is disabled`,
              )
            }
          >
            {member.disabled ? 'Enable' : 'Disable'}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--plain"
            onClick={() => void act(() => store.revoke(member.id), `${member.name} is signed out everywhere`)}
          >
            Sign out everywhere
          </button>
        </div>
      )}
    </li>
  );
}

function AddMemberForm({ store }: { store: StaffStore }) {
  const initial = { email: '', name: '', role: 'staff', password: '' };
  const form = useForm((v) => v.staffMemberSchema, initial, { failure: 'Could not add the staff member' });
  const send = form.handleSubmit(async (v) => {
    await store.add({ email: v.email.trim(), name: v.name.trim(), role: v.role as StaffRole, password: v.password });
    notify.success(`${v.name.trim()} added: tell them their password; they sign in with a code sent to their e-mail`);
    form.setValues(initial);
  });
  return (
    <form className="adm-form" noValidate onSubmit={send} aria-labelledby="adm-add-title">
      <h2 id="adm-add-title">Add a staff member</h2>
      <TextField idPrefix="adm-add" label="Name" required {...form.field('name')} />
      <TextField idPrefix="adm-add" label="Email" type="email" required {...form.field('email')} />
      <label className="adm-field">
        <span className="adm-field__label">Role</span>
        <select name="role" value={form.values.role} onChange={form.field('role').onChange}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <TextField
        idPrefix="adm-add"
        label="First password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('password')}
      />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Add
      </button>
    </form>
  );
}
