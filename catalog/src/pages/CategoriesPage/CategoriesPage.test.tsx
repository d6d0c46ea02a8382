import { screen, within } from '@testing-library/react';
import { ApiError, MESSAGES } from '@storefront/shared';
import { createFakeApi, fixtureStoreInfo, renderWithStores } from '@storefront/shared/testing';
import CategoriesPage from './CategoriesPage';

describe('CategoriesPage', () => {
  it('lists every category with its image, linking to the shop filtered by it', async () => {
    const api = createFakeApi();
    const release = api.holdNext('getStoreInfo');
    renderWithStores(<CategoriesPage />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByText('Loading categories')).toBeInTheDocument();
    release();
    const list = await screen.findByRole('list', { name: 'Categories' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['T-Shirts', 'Wallet', "Men's - Watch", 'Denims']);
    expect(links[0]).toHaveAttribute('href', '/shop?categories=t-shirts');
    const img = links[0]!.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/images/categories/1.svg');
    expect(img).toHaveAttribute('width', '400');
  });

  it('says "No categories found" when the store has none', async () => {
    const api = createFakeApi();
    api.getStoreInfo = async () => ({ success: true, data: { ...fixtureStoreInfo(), sub_category_list: [] } });
    renderWithStores(<CategoriesPage />, { api });
    expect(await screen.findByText(MESSAGES.noCategories)).toBeInTheDocument();
  });

  it('a failed store info call says so in place', async () => {
    const api = createFakeApi();
    api.failNext('getStoreInfo', new ApiError(0, []));
    renderWithStores(<CategoriesPage />, { api });
    expect(await screen.findAllByText(MESSAGES.storeInfoFailed)).not.toHaveLength(0);
  });
});
