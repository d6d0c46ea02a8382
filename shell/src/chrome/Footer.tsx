import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { Link } from '@storefront/shared/router';
import {
  notify,
  paths,
  PLACEHOLDER_EMAIL,
  prefetchValidation,
  reportError,
  useForm,
  useStores,
  type StoreInfoFields,
} from '@storefront/shared';
import { NEWSLETTER_FAILED, NewsletterStore } from '../stores/NewsletterStore';
import { ClockIcon, MailIcon, PhoneIcon, SOCIAL_ICONS } from './icons';
import { socialLinks, telHref } from './links';
import './Footer.css';

const INFO_LINKS = [
  { to: paths.faq, label: 'FAQ' },
  { to: paths.terms, label: 'Terms of Use' },
  { to: paths.privacy, label: 'Privacy Policy' },
];
const COMPANY_LINKS = [
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact Us' },
  { to: paths.support, label: 'Support' },
];

/**
 * The newsletter form: a required e-mail checked with the shared schema (loaded on focus or the first
 * key, through the form hook), then a real subscription. Its outcome is a shell toast either way.
 */
const Newsletter = observer(function Newsletter() {
  const { api } = useStores();
  const [store] = useState(() => new NewsletterStore(api));
  const form = useForm((v) => v.newsletterSchema, { email: '' }, { failure: NEWSLETTER_FAILED });
  const inputId = useId();
  const errorId = useId();
  const error = form.errors.email;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const message = await store.subscribe(email);
      if (message) {
        notify.success(message, { flow: 'shell' });
        form.reset();
      }
    } catch (err) {
      // Spec §7: the response message is shown as a toast; the box keeps what was typed.
      reportError(err, NEWSLETTER_FAILED, { flow: 'shell' });
    }
  });

  return (
    <form className="sh-newsletter" onSubmit={(e) => void submit(e)} noValidate aria-label="Newsletter">
      <h2 className="sh-footer__heading">Newsletter</h2>
      <p className="sh-newsletter__text">New arrivals, festive offers and restock alerts, once a week at most.</p>
      <label className="sh-newsletter__label" htmlFor={inputId}>
        Email address
      </label>
      <div className="sh-newsletter__row">
        <input
          id={inputId}
          className="sh-newsletter__input"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={form.values.email}
          onChange={form.onChange}
          onFocus={prefetchValidation}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="sh-newsletter__button" disabled={store.loading}>
          SUBSCRIBE
        </button>
      </div>
      {error ? (
        <p id={errorId} className="sh-newsletter__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
});

/** The store's name, offer, opening hours and its social links. */
function StoreAbout({ info }: { info: StoreInfoFields }) {
  const socials = socialLinks(info).filter((s) => s.href);
  return (
    <section className="sh-footer__col sh-footer__about" aria-label={info.store_name}>
      <p className="sh-footer__brand">{info.store_name}</p>
      <p className="sh-footer__text">{info.offer_text}</p>
      <p className="sh-footer__hours">
        <ClockIcon size={16} />
        <span>{info.store_time}</span>
      </p>
      {socials.length ? (
        <ul className="sh-footer__social" aria-label="Follow us">
          {socials.map(({ label, href }) => {
            const Icon = SOCIAL_ICONS[label];
            return (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (opens in a new tab)`}>
                  <Icon size={18} />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav className="sh-footer__col" aria-label={title}>
      <h2 className="sh-footer__heading">{title}</h2>
      <ul className="sh-footer__links">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The store's e-mail (a placeholder until it has one) and its phone, as mailto and tel links. */
function GetInTouch({ info }: { info: StoreInfoFields }) {
  const email = info.email || PLACEHOLDER_EMAIL;
  return (
    <section className="sh-footer__col" aria-label="Get in touch">
      <h2 className="sh-footer__heading">Get in touch</h2>
      <ul className="sh-footer__links">
        <li>
          <a href={`mailto:${email}`} className="sh-footer__contact">
            <MailIcon size={16} />
            <span>{email}</span>
          </a>
        </li>
        {info.mobile_no ? (
          <li>
            <a href={telHref(info.mobile_no)} className="sh-footer__contact">
              <PhoneIcon size={16} />
              <span>{info.mobile_no}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * The footer of spec §2: store details and opening hours (default '11:00 AM to 08:00 PM, Monday -
 * Saturday'), the information links, mailto and tel links, the store's social links and the newsletter;
 * a bottom strip in the bottom-footer colours.
 */
export const Footer = observer(function Footer() {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  return (
    <footer className="sh-footer">
      <div className="sh-footer__main">
        <div className="sh-footer__grid">
          <StoreAbout info={info} />
          <FooterLinks title="Information" links={INFO_LINKS} />
          <FooterLinks title="Company" links={COMPANY_LINKS} />
          <GetInTouch info={info} />
          <div className="sh-footer__col sh-footer__news">
            <Newsletter />
          </div>
        </div>
      </div>
      <div className="sh-footer__bottom">
        <p>
          © {new Date().getFullYear()} {info.store_name}. All rights reserved. Prices in Indian rupees, inclusive of GST.
        </p>
      </div>
    </footer>
  );
});
