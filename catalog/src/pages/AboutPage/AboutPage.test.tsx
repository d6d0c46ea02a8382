import { screen, waitFor } from '@testing-library/react';
import { ApiError, MESSAGES } from '@storefront/shared';
import { createFakeApi, renderWithStores } from '@storefront/shared/testing';
import AboutPage from './AboutPage';

describe('AboutPage', () => {
  it('shows the sections of /about-us-page under one h1', async () => {
    renderWithStores(<AboutPage />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText('Made in India.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Test Bazaar' })).toBeInTheDocument();
  });

  it('a failure toasts and says so in place', async () => {
    const api = createFakeApi();
    api.failNext('getAboutSections', new ApiError(500, []));
    renderWithStores(<AboutPage />, { api });
    // In place at once; the toast follows once react-toastify has loaded (it loads on demand).
    await waitFor(() => expect(screen.getAllByText(MESSAGES.somethingWentWrong)).toHaveLength(2));
  });
});
