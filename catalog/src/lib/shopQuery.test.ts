import { SHOP_QUERY } from '@storefront/shared';
import { parseShopQuery, shopUrl, type ShopState } from './shopQuery';

/**
 * The host renders and caches /shop by the query parameters the route table lists (contract SHOP_QUERY,
 * issue 35 item 15): a parameter this page reads but the list lacks would be dropped before the server
 * render, and the server's page would differ from the browser's.
 */
describe('the shop state in the URL', () => {
  const full: ShopState = {
    search: 'red kurta',
    categories: ['shirts', 'kurtas'],
    minPrice: 100,
    maxPrice: 2000,
    size: 'XL',
    inStock: true,
    outOfStock: true,
    sortBy: 'price_asc',
    page: 3,
  };

  it('is written with the parameters the route table lists, and only those', () => {
    const names = [...new URLSearchParams(shopUrl(full).split('?')[1]).keys()];
    expect(names.sort()).toEqual([...SHOP_QUERY].sort());
  });

  it('reads the same state from the listed parameters alone', () => {
    const search = `${shopUrl(full).split('?')[1]}&utm_source=mail&ref=x`;
    const listed = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(search)) if ((SHOP_QUERY as readonly string[]).includes(k)) listed.append(k, v);
    expect(parseShopQuery(listed)).toEqual(parseShopQuery(new URLSearchParams(search)));
    expect(parseShopQuery(listed)).toEqual(full);
  });
});
