import {
  CANCELLABLE_STATUSES,
  DELIVERY_PATH,
  EXPOSED_MODULES,
  ORDER_STATUSES,
  ROUTES,
  ROUTE_PATTERNS,
  findRoute,
  formatStatus,
  isCancellable,
  isPrivatePath,
  isPrivateRoute,
  isRemoteRoute,
  matches,
  pageQuery,
  parseImageId,
  paths,
  pictureInfo,
  routeParams,
} from '../src';

describe('rules (spec §4/§9)', () => {
  it('cancellable statuses are statuses on the delivery path, before it leaves the retailer chain', () => {
    for (const s of CANCELLABLE_STATUSES) expect(DELIVERY_PATH).toContain(s);
    for (const s of DELIVERY_PATH) expect(ORDER_STATUSES).toContain(s);
    expect(isCancellable('payment_pending')).toBe(true);
    expect(isCancellable('shipped')).toBe(false);
  });

  it('status text is Title Case words', () => {
    expect(formatStatus('dispatched_from_retailer')).toBe('Dispatched From Retailer');
    expect(formatStatus(null)).toBe('');
  });
});

describe('routes (spec §2)', () => {
  it('every remote route names a module its remote exposes', () => {
    for (const r of ROUTES.filter(isRemoteRoute)) expect(EXPOSED_MODULES[r.remote] as readonly string[]).toContain(r.module);
  });

  it('link builders produce paths the route table owns, and read back to the same parameters', () => {
    const link = paths.product('kurta & dupatta', 'XL');
    const pathname = link.split('?')[0] ?? '';
    expect(findRoute(pathname)).toMatchObject({ remote: 'catalog', module: 'Product' });
    expect(routeParams(ROUTE_PATTERNS.product, pathname)).toEqual({ slug: 'kurta & dupatta' });
    expect(matches(ROUTE_PATTERNS.trackOrder, paths.trackOrder('SF-1'))).toBe(true);
  });

  it("private pages are the shopper's own: every guest-only and signed-in page, the cart, checkout and order tracking", () => {
    expect(ROUTES.filter(isPrivateRoute).map((r) => r.path)).toEqual([
      '/cart',
      '/checkout',
      '/payment',
      '/order-success',
      '/order-failure',
      '/track-order',
      ROUTE_PATTERNS.trackOrder,
      '/signin',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/my-account/*',
      '/admin/*',
    ]);
    expect(isPrivatePath('/my-account/orders')).toBe(true);
    // The back office (issue 38): never cached, never indexed.
    expect(isPrivatePath('/admin/orders/SF1')).toBe(true);
    expect(isPrivatePath('/track-order/SF-1')).toBe(true);
    for (const p of ['/', '/shop', '/products/a-b', '/faq', '/no-such-page']) expect(isPrivatePath(p)).toBe(false);
  });

  it('a page URL keeps only the query its page reads: junk, duplicates and order do not make another page', () => {
    const shop = pageQuery('/shop', '?utm_source=ad&page=2&search=red%20kurta&x=1&search=blue&categories=shirts');
    expect(shop).toBe('?search=red+kurta&categories=shirts&page=2');
    expect(pageQuery('/shop', '?page=2&categories=shirts&search=red+kurta&fbclid=abc')).toBe(shop);
    expect(pageQuery('/products/blue-kurta', '?variant=XL&ref=mail')).toBe('?variant=XL');
    expect(pageQuery('/products/blue-kurta/', '?ref=mail')).toBe('');
    for (const p of ['/', '/about', '/faq', '/no-such-page', '/my-account/orders']) expect(pageQuery(p, '?a=1&b=2')).toBe('');
    // An empty value is kept: the page reads it as given.
    expect(pageQuery('/shop', '?search=')).toBe('?search=');
  });

  it('a slug that is not valid percent-encoding gives null when strict', () => {
    expect(routeParams(ROUTE_PATTERNS.product, '/products/%E0%A4', { strict: true })).toBeNull();
    expect(routeParams(ROUTE_PATTERNS.product, '/products/%E0%A4')).toEqual({ slug: '%E0%A4' });
  });
});

describe('picture ids', () => {
  it('the URL the API makes is the one the browser reads', () => {
    const id = '0123456789abcdef-1600x2000-a1b2c3';
    expect(parseImageId(id)).toEqual({ hash: '0123456789abcdef', width: 1600, height: 2000, colour: 'a1b2c3' });
    expect(pictureInfo(`/api/images/${id}`)).toEqual({ width: 1600, height: 2000, colour: '#a1b2c3' });
    expect(pictureInfo('/logo.svg')).toBeNull();
  });
});
