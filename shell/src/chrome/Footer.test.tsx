import { screen, within } from '@testing-library/react';
import { ApiError, DEFAULT_STORE_TIME, PLACEHOLDER_EMAIL } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { Footer } from './Footer';
import { storeWithInfo } from '../testing/chrome';

describe('footer (spec §2)', () => {
  it('links the information pages', () => {
    renderWithStores(<Footer />, storeWithInfo());
    const hrefs = [
      ...within(screen.getByRole('navigation', { name: 'Information' })).getAllByRole('link'),
      ...within(screen.getByRole('navigation', { name: 'Company' })).getAllByRole('link'),
    ].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/faq', '/terms-use', '/privacy-policy', '/about', '/contact', '/support']);
  });

  it('shows default hours and the placeholder e-mail before store info loads, and no phone', () => {
    renderWithStores(<Footer />);
    expect(screen.getByText(DEFAULT_STORE_TIME)).toBeInTheDocument();
    expect(DEFAULT_STORE_TIME).toBe('11:00 AM to 08:00 PM, Monday - Saturday');
    expect(screen.getByRole('link', { name: PLACEHOLDER_EMAIL })).toHaveAttribute('href', `mailto:${PLACEHOLDER_EMAIL}`);
    expect(screen.queryByRole('link', { name: /^tel:/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Follow us' })).not.toBeInTheDocument();
  });

  it("uses the store's e-mail, phone, hours and social links (external, new tab)", () => {
    renderWithStores(
      <Footer />,
      storeWithInfo({ info: { store_time: '10:00 AM to 09:00 PM, all days', instagram_url: 'https://instagram.com/bazaar' } }),
    );
    expect(screen.getByRole('link', { name: 'hello@testbazaar.in' })).toHaveAttribute('href', 'mailto:hello@testbazaar.in');
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByText('10:00 AM to 09:00 PM, all days')).toBeInTheDocument();
    const social = within(screen.getByRole('list', { name: 'Follow us' })).getAllByRole('link');
    expect(social.map((a) => a.getAttribute('href'))).toEqual(['https://facebook.com/testbazaar', 'https://instagram.com/bazaar']);
    for (const a of social) expect(a).toHaveAttribute('target', '_blank');
  });

  describe('newsletter', () => {
    const input = () => screen.getByRole('textbox', { name: 'Email address' });
    const subscribe = () => screen.getByRole('button', { name: 'SUBSCRIBE' });

    it('requires an e-mail and checks its form', async () => {
      const { user, api } = renderWithStores(<Footer />);
      expect(input()).toBeRequired();
      await user.click(subscribe());
      expect(await screen.findByText('Email is required')).toBeInTheDocument();
      expect(input()).toHaveAttribute('aria-invalid', 'true');
      await user.type(input(), 'asha@example');
      await user.click(subscribe());
      expect(await screen.findByText('Must be a valid email address')).toBeInTheDocument();
      expect(api.callsOf('subscribeNewsletter')).toHaveLength(0);
    });

    it('subscribes, confirms with a toast and clears the box', async () => {
      const { user, api } = renderWithStores(<Footer />);
      await user.type(input(), ' asha@example.in ');
      await user.click(subscribe());
      expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
      expect(api.callsOf('subscribeNewsletter')).toEqual([['asha@example.in']]);
      expect(input()).toHaveValue('');
    });

    it("shows the server's message when the subscription fails", async () => {
      const { user, api } = renderWithStores(<Footer />);
      api.failNext('subscribeNewsletter', new ApiError(429, ['Too many attempts, try again in a minute.']));
      await user.type(input(), 'asha@example.in');
      await user.click(subscribe());
      expect(await screen.findByText('Too many attempts, try again in a minute.')).toBeInTheDocument();
      expect(input()).toHaveValue('asha@example.in');
      expect(input()).not.toHaveAttribute('aria-invalid');
    });
  });
});
