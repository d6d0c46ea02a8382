import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderWithStores } from '@storefront/shared/testing';
import FaqPage from './FaqPage';
import NotFoundPage from './NotFoundPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import SupportPage from './SupportPage';
import TermsPage from './TermsPage';

const PAGES: [string, ComponentType, string][] = [
  ['/faq', FaqPage, 'Frequently Asked Questions'],
  ['/terms-use', TermsPage, 'Terms of Use'],
  ['/privacy-policy', PrivacyPolicyPage, 'Privacy Policy'],
  ['/support', SupportPage, 'Support'],
  ['/not-found', NotFoundPage, 'Page not found'],
];

describe('information pages', () => {
  it.each(PAGES)('%s has exactly one h1 and a tab title', async (route, Page, title) => {
    renderWithStores(<Page />, { route });
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    expect(h1[0]).toHaveTextContent(title);
    expect(document.title).toBe(`${title} | Storefront`);
  });

  it('FAQ answers the questions an Indian shopper asks: COD, GST invoice, delivery times, returns', async () => {
    const { user } = renderWithStores(<FaqPage />, { route: '/faq' });
    await user.click(screen.getByText('Is Cash on Delivery available?'));
    expect(screen.getByText(/on most pin codes for orders up to ₹10,000/)).toBeVisible();
    expect(screen.getByText('Do prices include GST? Will I get a GST invoice?')).toBeInTheDocument();
    expect(screen.getByText('How long does delivery take?')).toBeInTheDocument();
    expect(screen.getByText('What is your return policy?')).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Returns and refunds' })).toHaveAttribute('href', '#returns');
    expect(document.getElementById('returns')).toBeInTheDocument();
  });

  it('support gives the ways to reach a person with the store hours', () => {
    renderWithStores(<SupportPage />, { route: '/support' });
    expect(screen.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/track-order');
    expect(screen.getByText('11:00 AM to 08:00 PM, Monday - Saturday')).toBeInTheDocument();
  });

  it('not-found offers the way back', () => {
    renderWithStores(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });
});
