import { pageLocation } from '../routeTable';
import { canonicalUrl, headTags, imagePreloadLinks } from './headTags';

const STORE = 'https://shop.example.in/';

function tagsFor(url: string, meta = {}) {
  const u = new URL(url, 'http://x.invalid');
  const { route, at } = pageLocation(u.pathname, u.search);
  return { route, at, html: headTags({ route, at, notFound: false, meta, storeUrl: STORE, storeName: 'Test Bazaar' }) };
}

describe('canonical URL', () => {
  it.each([
    ['/products/classic-cotton-t-shirt?variant=M', 'https://shop.example.in/products/classic-cotton-t-shirt'],
    ['/shop?categories=shirts&sort_by=price&page=2&search=blue', 'https://shop.example.in/shop?categories=shirts'],
    ['/shop?search=wallet', 'https://shop.example.in/shop'],
    ['/about/', 'https://shop.example.in/about'],
    ['/?utm_source=x', 'https://shop.example.in/'],
  ])('%s → %s', (url, canonical) => {
    const { route, at } = tagsFor(url);
    expect(canonicalUrl(route, at, STORE)).toBe(canonical);
  });
});

describe('head tags', () => {
  it('a product page has its canonical link, Open Graph product tags and a large-image Twitter card, all escaped', () => {
    const { html } = tagsFor('/products/a-b?variant=L', {
      title: 'Kurta "Utsav" & Dupatta | Test Bazaar',
      description: 'Cotton <b>kurta</b>',
      social: { type: 'product', image: 'https://shop.example.in/api/images/products/a-b/1.svg', price: '1299.00', inStock: true },
    });
    expect(html).toContain('<link rel="canonical" href="https://shop.example.in/products/a-b">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:title" content="Kurta &quot;Utsav&quot; &amp; Dupatta | Test Bazaar">');
    expect(html).toContain('<meta property="og:description" content="Cotton &lt;b&gt;kurta&lt;/b&gt;">');
    expect(html).toContain('<meta property="og:image" content="https://shop.example.in/api/images/products/a-b/1.svg">');
    expect(html).toContain('<meta property="product:price:amount" content="1299.00">');
    expect(html).toContain('<meta property="product:price:currency" content="INR">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it.each(['/cart', '/checkout', '/signin', '/signup', '/track-order/SF1001', '/my-account/orders', '/payment?orders=SF1'])(
    '%s (the shopper’s own page) asks not to be indexed, with no canonical link or preview tags',
    (url) => {
      expect(tagsFor(url, { title: 'Cart | Test Bazaar', description: 'Your cart' }).html).toBe('<meta name="robots" content="noindex">');
    },
  );

  it('public pages carry no robots tag', () => {
    for (const url of ['/', '/shop', '/products/a-b', '/faq']) expect(tagsFor(url, { title: 'x' }).html).not.toContain('robots');
  });

  it('the not-found page has none', () => {
    const { route, at } = tagsFor('/nowhere');
    expect(headTags({ route, at, notFound: true, meta: { title: 'Not found' }, storeUrl: STORE, storeName: 'x' })).toBe('');
  });
});

describe('LCP picture preloads', () => {
  it('writes one link per picture with its srcset and sizes, escaped, at high priority', () => {
    expect(imagePreloadLinks(undefined)).toBe('');
    expect(
      imagePreloadLinks([{ href: '/api/images/a?w=800', srcSet: '/api/images/a?w=400 400w, /api/images/a?w=800 800w', sizes: '100vw' }]),
    ).toBe(
      '<link rel="preload" as="image" href="/api/images/a?w=800" imagesrcset="/api/images/a?w=400 400w, /api/images/a?w=800 800w" imagesizes="100vw" fetchpriority="high">',
    );
    expect(imagePreloadLinks([{ href: '/x"><script>' }])).toBe(
      '<link rel="preload" as="image" href="/x&quot;&gt;&lt;script&gt;" fetchpriority="high">',
    );
  });
});
