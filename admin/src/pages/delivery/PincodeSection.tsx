import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, notify, reportError } from '@storefront/shared';
import type { StaffPincode } from '@storefront/shared/staff';
import type { ShopSettingsStore } from '../../stores/ShopSettingsStore';

/** The owner's CSV: counts on success, else every problem the loader found (the list is kept). */
function UploadForm({ store }: { store: ShopSettingsStore }) {
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || busy) {
      setProblems(file ? [] : ['Choose a CSV file of pincodes']);
      return;
    }
    setBusy(true);
    try {
      notify.success(await store.upload(file));
      setProblems([]);
    } catch (err) {
      const listed = fieldErrorsOf(err).file;
      if (listed) setProblems(listed.split('\n'));
      else reportError(err, 'Could not load the pincode list');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void send(e)} aria-label="Upload a pincode list">
      <label className="adm-field">
        <span className="adm-field__label">Pincode list (CSV)</span>
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <p className="adm-muted">Columns: pincode,district,state,zone,cod,delivery_days. The file replaces the whole list.</p>
      {problems.length > 0 && (
        <ul className="adm-error" role="alert" aria-label="Problems in the file">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="adm-btn" disabled={busy}>
        {busy ? 'Loading…' : 'Upload list'}
      </button>
    </form>
  );
}

function PincodeRow({ p, store }: { p: StaffPincode; store: ShopSettingsStore }) {
  const codOn = p.cod && !p.cod_excluded;
  const toggle = () =>
    store
      .setCod(p.pincode, !codOn)
      .then(() => notify.success(codOn ? `No cash on delivery to ${p.pincode}` : `Cash on delivery offered to ${p.pincode}`))
      .catch((err: unknown) => reportError(err, 'Could not change the pincode'));
  return (
    <li className="adm-card" aria-label={p.pincode}>
      <p className="adm-card__head">
        <strong>{p.pincode}</strong> {p.district}, {p.state}
      </p>
      <p className="adm-muted">
        {p.zone} · {p.min_days}–{p.max_days} days · COD {codOn ? 'yes' : 'no'}
      </p>
      <button type="button" className="adm-btn adm-btn--plain" onClick={() => void toggle()}>
        {codOn ? 'Turn COD off' : 'Turn COD on'}
      </button>
    </li>
  );
}

export const PincodeSection = observer(function PincodeSection({
  store,
  served,
  excluded,
}: {
  store: ShopSettingsStore;
  served: number;
  excluded: string[];
}) {
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[1-9]\d{0,5}$/.test(prefix.trim())) {
      setError('Type the first digits of a pincode');
      return;
    }
    setError(null);
    store.search(prefix.trim()).catch((err: unknown) => reportError(err, 'Could not search the pincodes'));
  };
  return (
    <section className="adm-form" aria-labelledby="adm-pincodes-title">
      <h2 id="adm-pincodes-title">Pincodes</h2>
      <p>{served ? `${served.toLocaleString('en-IN')} pincodes served.` : 'No list loaded: the shop delivers all over India.'}</p>
      {excluded.length > 0 && <p className="adm-muted">No COD by the owner&apos;s list: {excluded.join(', ')}</p>}
      <UploadForm store={store} />
      <form noValidate onSubmit={search} role="search" aria-label="Find a pincode">
        <label className="adm-field">
          <span className="adm-field__label">Find a pincode</span>
          <input name="pincode" inputMode="numeric" maxLength={6} value={prefix} onChange={(e) => setPrefix(e.target.value)} />
        </label>
        {error && <p className="adm-field__error">{error}</p>}
        <button type="submit" className="adm-btn adm-btn--plain">
          Search
        </button>
      </form>
      {store.searched !== null && store.found.length === 0 && (
        <p className="adm-muted">No pincode of the list starts with {store.searched}.</p>
      )}
      <ul className="adm-list" aria-label="Pincodes found">
        {store.found.map((p) => (
          <PincodeRow key={p.pincode} p={p} store={store} />
        ))}
      </ul>
    </section>
  );
});
