import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { notify, reportError, useDocumentTitle, useForm } from '@storefront/shared';
import { SYNONYM_KINDS, SYNONYM_WORDS_MAX, type SearchSynonymWire, type SynonymKindWire } from '@storefront/shared/staff';
import { useAdmin } from '../AdminContext';
import { TextField } from '../components/TextField';
import { SearchSynonymsStore } from '../stores/SearchSynonymsStore';

/** What each kind means to the owner, with docs/search.md's examples. */
const KIND_TEXT: Record<SynonymKindWire, { meaning: string; example: string }> = {
  same: { meaning: 'the words mean the same thing: a search for any of them finds all', example: 'saree, sari' },
  includes: {
    meaning: 'a search for the first word also finds the others, not the other way round',
    example: 'red: maroon, wine, crimson',
  },
};

/** docs/search.md: every API process reads the table's changes as a catalogue change. */
const TAKES_EFFECT = 'every search uses it within a second, with no reindex';

/**
 * Owners only (issue 36): the words search treats as one (docs/search.md "The synonyms table"). The
 * API's `synonyms` command changes the same table; this page and it list the same entries.
 */
export const SearchSynonymsPage = observer(function SearchSynonymsPage() {
  useDocumentTitle('Search synonyms');
  const { synonyms: api } = useAdmin();
  const [store] = useState(() => new SearchSynonymsStore(api));
  useEffect(() => {
    store.load().catch((err: unknown) => reportError(err, 'Could not load the search synonyms'));
  }, [store]);
  const list = store.synonyms;
  return (
    <section className="adm-page" aria-labelledby="adm-synonyms-title">
      <h1 id="adm-synonyms-title">Search synonyms</h1>
      <p className="adm-muted">
        Words a shopper may search for that should find the same products. Each entry is single words separated by commas: write sunglasses,
        not sun glasses. A change reaches {TAKES_EFFECT}.
      </p>
      <p aria-live="polite" className="adm-muted">
        {!list ? (store.error ?? 'Loading…') : `${list.length} ${list.length === 1 ? 'entry' : 'entries'}`}
      </p>
      <ul className="adm-list" aria-label="Search synonyms">
        {list?.map((s) => (
          <SynonymRow key={s.id} synonym={s} store={store} />
        ))}
      </ul>
      <AddSynonymForm store={store} />
    </section>
  );
});

/** Removing asks once more: an entry gone changes what shoppers find at once, and there is no undo. */
function SynonymRow({ synonym, store }: { synonym: SearchSynonymWire; store: SearchSynonymsStore }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = () => {
    setBusy(true);
    store
      .remove(synonym.id)
      .then(() => notify.success(`Removed "${synonym.words}": ${TAKES_EFFECT}`))
      .catch((err: unknown) => {
        reportError(err, 'Could not remove the synonyms');
        setBusy(false);
        setConfirming(false);
      });
  };
  return (
    <li className="adm-card" aria-label={synonym.words}>
      <p className="adm-card__head">
        <strong>{synonym.words}</strong> <span className="adm-status">{synonym.kind}</span>
      </p>
      {confirming ? (
        <div className="adm-buttons" role="group" aria-label={`Remove ${synonym.words}?`}>
          <span>Remove this entry?</span>
          <button type="button" className="adm-btn adm-btn--danger" disabled={busy} onClick={remove}>
            Yes, remove
          </button>
          <button type="button" className="adm-btn adm-btn--plain" disabled={busy} onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <button type="button" className="adm-btn adm-btn--plain" onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
    </li>
  );
}

/** The form checks with the contract's rule; the API's refusal shows under its field, the words kept. */
function AddSynonymForm({ store }: { store: SearchSynonymsStore }) {
  const initial = { kind: 'same', words: '' };
  const form = useForm((v) => v.searchSynonymSchema, initial, { failure: 'Could not add the synonyms' });
  const send = form.handleSubmit(async (v) => {
    await store.add(v.kind as SynonymKindWire, v.words);
    notify.success(`Added "${v.words.trim()}": ${TAKES_EFFECT}`);
    form.setValues((current) => ({ ...current, words: '' }));
  });
  const kind = form.values.kind as SynonymKindWire;
  return (
    <form className="adm-form" noValidate onSubmit={send} aria-labelledby="adm-synonym-add-title">
      <h2 id="adm-synonym-add-title">Add synonyms</h2>
      <fieldset aria-describedby={form.errors.kind ? 'adm-synonym-kind-error' : undefined}>
        <legend>Kind</legend>
        {SYNONYM_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={form.values.kind === k} onChange={form.onChange} />
            {k}: {KIND_TEXT[k].meaning} ({KIND_TEXT[k].example})
          </label>
        ))}
        {form.errors.kind && (
          <p id="adm-synonym-kind-error" className="adm-field__error">
            {form.errors.kind}
          </p>
        )}
      </fieldset>
      <TextField
        idPrefix="adm-synonym"
        label="Words"
        required
        hint={`For example: ${KIND_TEXT[kind].example}. At most ${SYNONYM_WORDS_MAX} characters.`}
        {...form.field('words')}
      />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Add
      </button>
    </form>
  );
}
