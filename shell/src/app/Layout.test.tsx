import { screen } from '@testing-library/react';
import { renderWithStores } from '@storefront/shared/testing';
import { Layout } from './Layout';

describe('Layout', () => {
  it('frames a shop page with the shop header and footer', () => {
    renderWithStores(
      <Layout>
        <p>A shop page</p>
      </Layout>,
      { route: '/about' },
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives the back office the page alone: no shop header, footer or shopper sign-in (issue 38)', () => {
    renderWithStores(
      <Layout>
        <p>The back office</p>
      </Layout>,
      { route: '/admin/orders' },
    );
    expect(screen.getByRole('main')).toHaveTextContent('The back office');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
