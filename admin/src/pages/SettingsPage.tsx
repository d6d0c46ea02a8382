import { observer } from 'mobx-react-lite';
import { useEffect, useState, type CSSProperties } from 'react';
import {
  STORE_INFO_DEFAULTS,
  notify,
  reportError,
  themeCssVariables,
  themeFrom,
  useDocumentTitle,
  useStores,
  type StoreInfoFields,
  useForm,
} from '@storefront/shared';
import { useAdmin } from '../AdminContext';
import { TextField } from '../components/TextField';
import { StoreSettingsStore } from '../stores/StoreSettingsStore';

type Values = Record<keyof StoreInfoFields, string>;

const COLOURS: [keyof StoreInfoFields, string][] = [
  ['backgroundColor', 'Page background'],
  ['buttonBackgroundColor', 'Buttons'],
  ['topHeaderBackgroundColor', 'Top bar'],
  ['headerBackgroundColor', 'Header'],
  ['footerBackgroundColor', 'Footer'],
  ['bottomFooterBackgroundColor', 'Bottom footer'],
];
const LINKS: [keyof StoreInfoFields, string][] = [
  ['logo', 'Logo (https link)'],
  ['facebook_url', 'Facebook'],
  ['instagram_url', 'Instagram'],
  ['twitter_url', 'Twitter / X'],
];
const COLOUR = /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;

/** The store as saved (spec §3; "" means the shop's default), as the form's text values. */
function valuesOf(saved: Partial<StoreInfoFields> | undefined): Values {
  const out = {} as Values;
  for (const k of Object.keys(STORE_INFO_DEFAULTS) as (keyof StoreInfoFields)[]) out[k] = saved?.[k] ?? '';
  return out;
}

/** The fields whose values differ from the saved ones. */
function changedKeys(values: Values, saved: Values): (keyof StoreInfoFields)[] {
  return (Object.keys(values) as (keyof StoreInfoFields)[]).filter((k) => values[k].trim() !== saved[k].trim());
}

/** The theme the shop would show with these values: a colour still being typed keeps the default. */
function previewStyle(v: Values): CSSProperties {
  const info = { ...STORE_INFO_DEFAULTS };
  for (const k of Object.keys(info) as (keyof StoreInfoFields)[]) {
    const value = v[k].trim();
    if (!value) continue;
    if (k.endsWith('Color') && !COLOUR.test(value)) continue;
    info[k] = value;
  }
  return themeCssVariables(themeFrom(info)) as CSSProperties;
}

/** Store information and theme (spec §3), checked as the API checks them, with a preview; live on the next page load. */
export const SettingsPage = observer(function SettingsPage() {
  useDocumentTitle('Store settings');
  const { storeInfo } = useStores();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    storeInfo
      .fetch()
      .then(() => setLoaded(true))
      .catch((err: unknown) => reportError(err, 'Could not load the store information'));
  }, [storeInfo]);
  return (
    <section className="adm-page" aria-labelledby="adm-settings-title">
      <h1 id="adm-settings-title">Store settings</h1>
      {loaded ? <SettingsForm saved={valuesOf(storeInfo.data?.storeinfo)} /> : <p className="adm-muted">Loading…</p>}
    </section>
  );
});

function SettingsForm({ saved }: { saved: Values }) {
  const { api } = useAdmin();
  const { storeInfo } = useStores();
  const [store] = useState(() => new StoreSettingsStore(api, storeInfo));
  const [base, setBase] = useState(saved);
  // Only what the owner changed is checked and sent, as the API checks only what it is sent: a value saved
  // before these rules (the seed's "+91 …" mobile) does not block changing the offer text.
  const form = useForm((v, values) => v.storeInfoSchema.pick(changedKeys(values, base)), saved, {
    failure: 'Could not save the store settings',
  });
  const send = form.handleSubmit(async (v) => {
    const keys = changedKeys(v, base);
    if (keys.length === 0) {
      notify.info('Nothing to change');
      return;
    }
    const changed: Partial<StoreInfoFields> = {};
    for (const k of keys) changed[k] = v[k].trim();
    await store.save(changed);
    setBase(v);
    notify.success('Store settings saved: the shop shows them on its next page load');
  });
  const f = (name: keyof StoreInfoFields, label: string, extra: Record<string, unknown> = {}) => (
    <TextField key={name} idPrefix="adm-store" label={label} {...extra} {...form.field(name)} />
  );
  return (
    <form className="adm-form adm-settings" noValidate onSubmit={send}>
      <fieldset>
        <legend>Store</legend>
        {f('store_name', 'Store name', { required: true })}
        {f('email', 'Email', { type: 'email', required: true })}
        {f('mobile_no', 'Mobile', { inputMode: 'numeric', required: true })}
        {f('store_time', 'Opening hours')}
        {f('offer_text', 'Offer text (top bar)')}
      </fieldset>
      <fieldset>
        <legend>Links</legend>
        {LINKS.map(([k, label]) => f(k, label, { type: 'url', placeholder: 'https://' }))}
      </fieldset>
      <fieldset>
        <legend>Theme</legend>
        {f('fontFamily', 'Font')}
        {COLOURS.map(([k, label]) => f(k, `${label} colour`, { placeholder: '#rrggbb' }))}
        <label className="adm-field">
          <span className="adm-field__label">Banner</span>
          <select name="bannerType" value={form.values.bannerType} onChange={form.field('bannerType').onChange}>
            <option value="">Default</option>
            <option value="slider">Slider</option>
            <option value="static">Static</option>
          </select>
        </label>
        <label className="adm-field">
          <span className="adm-field__label">Category layout</span>
          <select name="categoryLayout" value={form.values.categoryLayout} onChange={form.field('categoryLayout').onChange}>
            <option value="">Default</option>
            <option value="swiper">Carousel</option>
            <option value="grid">Grid</option>
          </select>
        </label>
      </fieldset>
      <Preview values={form.values} />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        {form.submitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function Preview({ values }: { values: Values }) {
  const name = values.store_name.trim() || STORE_INFO_DEFAULTS.store_name;
  return (
    <figure className="adm-preview" style={previewStyle(values)} aria-label="Theme preview">
      <div className="adm-preview__top">{values.offer_text.trim() || 'Offer text'}</div>
      <div className="adm-preview__header">{name}</div>
      <div className="adm-preview__page">
        <p>A page of the shop.</p>
        <span className="adm-preview__button">Add to cart</span>
      </div>
      <div className="adm-preview__footer">{values.store_time.trim() || 'Opening hours'}</div>
      <div className="adm-preview__bottom">© {name}</div>
      <figcaption className="adm-muted">Preview: the shop shows the saved settings on its next page load.</figcaption>
    </figure>
  );
}
