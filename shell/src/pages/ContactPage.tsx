import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import {
  Field,
  InputField,
  MESSAGES,
  notify,
  PLACEHOLDER_EMAIL,
  useDocumentTitle,
  useForm,
  useStores,
  type ContactPayload,
  type StoreInfoFields,
  type UseFormResult,
} from '@storefront/shared';
import { telHref } from '../chrome/links';
import { ContactStore } from '../stores/ContactStore';
import './InfoPage.css';
import './ContactPage.css';

const EMPTY: ContactPayload = { firstname: '', lastname: '', email: '', phone_number: '', subject: '', message: '', subscribe: false };

export const CONTACT_SUBJECTS = [
  'Order status',
  'Returns and refunds',
  'Payment or invoice',
  'Product question',
  'Bulk or corporate order',
  'Feedback',
  'Other',
] as const;

type TextField = Exclude<keyof ContactPayload, 'subscribe'>;

/** What is sent: the text fields without the spaces around them. */
function trimmed(v: ContactPayload): ContactPayload {
  const t = (s: string) => s.trim();
  return {
    ...v,
    firstname: t(v.firstname),
    lastname: t(v.lastname),
    email: t(v.email),
    phone_number: t(v.phone_number),
    subject: t(v.subject),
    message: t(v.message),
  };
}

/**
 * Contact us (spec §2 information page; fields and state of spec §3, messages of spec §5/§8): validated
 * with the shared contact schema, posted to /contact-us through a section-local store; after
 * 'Form submitted successfully' the form can be reset for another message.
 */
const ContactPage = observer(function ContactPage() {
  const { api, storeInfo } = useStores();
  const [store] = useState(() => new ContactStore(api));
  const form = useForm<ContactPayload>((v) => v.contactSchema, EMPTY, { failure: MESSAGES.contactFailed });
  useDocumentTitle('Contact Us');
  const info = storeInfo.info;

  const reset = () => {
    store.reset();
    form.reset();
  };

  return (
    <article className="sh-page sh-contact">
      <div className="sh-page__head">
        <h1 className="sh-page__title">Contact Us</h1>
        <p className="sh-page__lead">
          Questions about an order, a product or a bulk purchase? Send us a message and we will reply within one working day.
        </p>
      </div>
      <div className="sh-contact__layout">
        <div className="sh-contact__main">
          {store.success ? (
            <div className="sh-contact__done" role="status">
              <h2>{store.message}</h2>
              <p>
                Thank you for writing to {info.store_name}. We will reply to {form.values.email.trim()} within one working day.
              </p>
              <button type="button" className="sf-button" onClick={reset}>
                Send another message
              </button>
            </div>
          ) : (
            <ContactForm form={form} store={store} />
          )}
        </div>
        <OtherWays info={info} />
      </div>
    </article>
  );
});

type TextProps = { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel'; maxLength?: number };

/** The form itself: the store sends it and says how it went (its field errors beside the fields). */
const ContactForm = observer(function ContactForm({ form, store }: { form: UseFormResult<ContactPayload>; store: ContactStore }) {
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const { values, onChange } = form;
  const shown: Partial<Record<string, string>> = { ...store.fieldErrors, ...form.errors };

  // The store answers every outcome itself (never rejects): the page only toasts what it says.
  const submit = form.handleSubmit(async (v) => {
    const ok = await store.submit(trimmed(v));
    if (ok && store.message) notify.success(store.message, { flow: 'shell' });
    else if (store.error) notify.error(store.error, { flow: 'shell' });
  });

  const field = (name: TextField, label: string, props: TextProps = {}) => (
    <InputField id={id(name)} label={label} required type={props.type ?? 'text'} {...form.field(name)} error={shown[name]} {...props} />
  );

  return (
    <form className="sh-contact__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Contact form">
      {store.error ? (
        <p className="sf-alert" role="alert">
          {store.error}
        </p>
      ) : null}
      <div className="sh-contact__row">
        {field('firstname', 'First name', { autoComplete: 'given-name', maxLength: 50 })}
        {field('lastname', 'Last name', { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      <div className="sh-contact__row">
        {field('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {field('phone_number', 'Phone number', { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 10 })}
      </div>
      <Field id={id('subject')} label="Subject" error={shown.subject} required>
        {(aria) => (
          <select name="subject" value={values.subject} onChange={onChange} {...aria}>
            <option value="">Choose a subject</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={id('message')} label="Message" error={shown.message} required>
        {(aria) => <textarea name="message" rows={6} value={values.message} onChange={onChange} maxLength={2000} {...aria} />}
      </Field>
      <div className="sh-contact__check">
        <input id={id('subscribe')} type="checkbox" name="subscribe" checked={values.subscribe} onChange={onChange} />
        <label htmlFor={id('subscribe')}>Send me new arrivals and offers by e-mail</label>
      </div>
      <button type="submit" className="sf-button" disabled={store.loading} aria-busy={store.loading}>
        {store.loading ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
});

/** The shop's e-mail, phone and hours beside the form. */
function OtherWays({ info }: { info: StoreInfoFields }) {
  const email = info.email || PLACEHOLDER_EMAIL;
  return (
    <aside className="sh-contact__aside" aria-label="Other ways to reach us">
      <h2>Other ways to reach us</h2>
      <dl>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        {info.mobile_no ? (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(info.mobile_no)}>{info.mobile_no}</a>
            </dd>
          </>
        ) : null}
        <dt>Hours</dt>
        <dd>{info.store_time}</dd>
      </dl>
      <p>For order questions, keep your order number handy — it is in your confirmation SMS and e-mail.</p>
    </aside>
  );
}

export default ContactPage;
