import { screen, within } from '@testing-library/react';
import { DEFAULT_OFFER_TEXT, PLACEHOLDER_EMAIL } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { TopBar } from './TopBar';
import { storeWithInfo } from '../testing/chrome';

describe('top bar (spec §2)', () => {
  it('uses the defaults until store info loads: placeholder e-mail, default offer, no phone, socials to #', () => {
    renderWithStores(<TopBar />);
    expect(screen.getByRole('link', { name: `Email us at ${PLACEHOLDER_EMAIL}` })).toHaveAttribute('href', `mailto:${PLACEHOLDER_EMAIL}`);
    expect(screen.queryByRole('link', { name: /Call us/ })).not.toBeInTheDocument();
    expect(screen.getByText(DEFAULT_OFFER_TEXT)).toBeInTheDocument();
    expect(DEFAULT_OFFER_TEXT).toBe('All over India Delivery Available.');
    const socials = within(screen.getByRole('list', { name: 'Follow us' })).getAllByRole('link');
    expect(socials.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Facebook (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'Twitter (opens in a new tab)',
    ]);
    for (const a of socials) {
      expect(a).toHaveAttribute('href', '#');
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("shows the store's e-mail, phone (tel link with digits only), offer text and social URLs", () => {
    renderWithStores(
      <TopBar />,
      storeWithInfo({
        info: {
          email: 'care@bazaar.in',
          mobile_no: '+91 98765-43210',
          offer_text: 'Free shipping on everything',
          twitter_url: 'https://x.com/bazaar',
        },
      }),
    );
    expect(screen.getByRole('link', { name: 'Email us at care@bazaar.in' })).toHaveAttribute('href', 'mailto:care@bazaar.in');
    expect(screen.getByRole('link', { name: 'Call us at +91 98765-43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByText('Free shipping on everything')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute('href', 'https://facebook.com/testbazaar');
    expect(screen.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute('href', '#');
    expect(screen.getByRole('link', { name: 'Twitter (opens in a new tab)' })).toHaveAttribute('href', 'https://x.com/bazaar');
  });

  it('keeps the text labels in the markup for extra-large screens (CSS shows them there only)', () => {
    renderWithStores(<TopBar />, storeWithInfo({ info: { email: 'care@bazaar.in' } }));
    const mail = screen.getByRole('link', { name: 'Email us at care@bazaar.in' });
    expect(mail.querySelector('.sh-topbar__label')).toHaveTextContent('care@bazaar.in');
  });
});
