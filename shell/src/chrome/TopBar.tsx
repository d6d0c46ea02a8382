import { observer } from 'mobx-react-lite';
import { PLACEHOLDER_EMAIL, useStores } from '@storefront/shared';
import { MailIcon, PhoneIcon, SOCIAL_ICONS } from './icons';
import { socialLinks, telHref } from './links';

/**
 * The fixed top bar of spec §2: mail and phone links on the left (hidden on small screens, labels only on
 * extra-large ones), the offer text in the centre, social links on the right. Sliding out of view is the
 * chrome's job (`SiteHeader`); while out of view it is `inert`, so Tab never lands on a hidden link.
 */
export const TopBar = observer(function TopBar({ hidden = false }: { hidden?: boolean }) {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  const email = info.email || PLACEHOLDER_EMAIL;
  return (
    <div className="sh-topbar" data-hidden={hidden} aria-hidden={hidden || undefined} inert={hidden}>
      <div className="sh-topbar__inner">
        <div className="sh-topbar__contact">
          <a className="sh-topbar__link" href={`mailto:${email}`} aria-label={`Email us at ${email}`}>
            <MailIcon size={16} />
            <span className="sh-topbar__label">{email}</span>
          </a>
          {info.mobile_no ? (
            <a className="sh-topbar__link" href={telHref(info.mobile_no)} aria-label={`Call us at ${info.mobile_no}`}>
              <PhoneIcon size={16} />
              <span className="sh-topbar__label">{info.mobile_no}</span>
            </a>
          ) : null}
        </div>
        <p className="sh-topbar__offer">{info.offer_text}</p>
        <ul className="sh-topbar__social" aria-label="Follow us">
          {socialLinks(info).map(({ label, href }) => {
            const Icon = SOCIAL_ICONS[label];
            return (
              <li key={label}>
                <a
                  className="sh-topbar__link"
                  href={href || '#'}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                >
                  <Icon size={15} />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
});
