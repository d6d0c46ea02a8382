import { parseSessionCookie } from '@storefront/contract/session-cookie';
import { ApiError } from '../api/errors';
import { createFakeApi, fixtureProducts, memoryStorage, signInForTest } from '../testing';
import { RootStore } from './RootStore';
import { STATE_KEY } from './persistence';
import { documentCookieWriter, type CookieWriter } from './sessionCookie';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The values the store wrote, in order (null: the cookie was removed). */
function recordingWriter(): CookieWriter & { values: (string | null)[] } {
  const values: (string | null)[] = [];
  return { values, write: (v) => void values.push(v) };
}

const tShirt = () => fixtureProducts()[0]!;

/** A document whose cookies read `current` and whose writes are recorded. */
function fakeDocument(current: string) {
  const written: string[] = [];
  const doc = {
    get cookie() {
      return current;
    },
    set cookie(v: string) {
      written.push(v);
    },
  } as Pick<Document, 'cookie'>;
  return { doc, written };
}

describe('the session cookie follows the saved state (issue 33)', () => {
  it("holds a guest's cart lines, then the token once signed in, and is removed at sign-out", async () => {
    const api = createFakeApi();
    const cookies = recordingWriter();
    const store = new RootStore(api, { storage: memoryStorage(), cookies });
    const p = tShirt();
    await store.cart.addItem(p, p.variations[0]!, 2);
    await store.cart.addItem(p, p.variations[1]!, 1);
    await flush();
    expect(parseSessionCookie(cookies.values.at(-1))).toEqual({
      cart: [
        { slug: 'classic-cotton-t-shirt', variant: 11, quantity: 2 },
        { slug: 'classic-cotton-t-shirt', variant: 12, quantity: 1 },
      ],
    });
    signInForTest(store, api);
    await flush();
    expect(parseSessionCookie(cookies.values.at(-1))).toEqual({ token: store.auth.token });
    store.resetApp();
    await flush();
    expect(cookies.values.at(-1)).toBeNull();
  });

  it('is written for a shopper whose state was saved before it existed, once, when the page is idle', async () => {
    const saved = { auth: { user: null, token: 'a'.repeat(43), isAuthenticated: true } };
    const cookies = recordingWriter();
    new RootStore(createFakeApi(), { storage: memoryStorage({ [STATE_KEY]: JSON.stringify(saved) }), cookies });
    // Not in the page's start-up task.
    expect(cookies.values).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(cookies.values).toEqual([`1.t.${'a'.repeat(43)}`]);
  });

  it('goes only to the pages rendered with it, Lax, and Secure on https', () => {
    const { doc, written } = fakeDocument('sf_shopper=abc');
    documentCookieWriter(doc, true).write('1.c.belt~1~1');
    expect(written).toEqual(
      ['/cart', '/checkout', '/my-account'].map((path) => `sf_session=1.c.belt~1~1; Path=${path}; Max-Age=2592000; SameSite=Lax; Secure`),
    );
    // A sign-out removes it, whether the page shows it or not.
    written.length = 0;
    documentCookieWriter(doc, false).write(null);
    expect(written[0]).toBe('sf_session=; Path=/cart; Max-Age=0; SameSite=Lax');
    // A guest's page with nothing saved writes nothing where no cookie shows, and removes one that does.
    written.length = 0;
    documentCookieWriter(doc, false).write(null, true);
    expect(written).toEqual([]);
    const stale = fakeDocument('sf_session=1.t.old');
    documentCookieWriter(stale.doc, false).write(null, true);
    expect(stale.written).toHaveLength(3);
    // On a page it came with, the same value is not written again.
    const shown = fakeDocument('sf_shopper=abc; sf_session=1.c.belt~1~1');
    documentCookieWriter(shown.doc, true).write('1.c.belt~1~1');
    expect(shown.written).toEqual([]);
    documentCookieWriter(shown.doc, true).write('1.c.belt~1~2');
    expect(shown.written).toHaveLength(3);
  });
});

describe('a personal page rendered with the session, then hydrated', () => {
  it("the server rebuilds a guest's lines from the catalogue as the browser built them when adding", async () => {
    const browser = new RootStore(createFakeApi(), { storage: memoryStorage() });
    const p = tShirt();
    await browser.cart.addItem(p, p.variations[1]!, 2);

    await browser.cart.addItem(p, p.variations[0]!, 1);

    const api = createFakeApi();
    const server = new RootStore(api, { deferPersistence: true });
    const rendered = await server.applyCookieSession({
      cart: [
        { slug: p.slug, variant: 12, quantity: 2 },
        { slug: p.slug, variant: 11, quantity: 1 },
      ],
    });
    expect(server.sessionRestored).toBe(true);
    expect(rendered).toEqual({ user: null, cart: browser.cart.cartItems });
    // One read of the product for its two sizes.
    expect(api.callsOf('getProductDetails')).toEqual([[p.slug]]);
  });

  it("a signed-in shopper's profile and server cart, read with their token", async () => {
    const api = createFakeApi();
    const seller = new RootStore(api, { storage: memoryStorage() });
    signInForTest(seller, api);
    const p = tShirt();
    await seller.cart.addItem(p, p.variations[0]!, 1);

    const server = new RootStore(api, { deferPersistence: true });
    const rendered = await server.applyCookieSession({ token: 'b'.repeat(43) });
    expect(server.auth.isAuthenticated).toBe(true);
    expect(rendered.user?.customer.firstname).toBe('Asha');
    expect(rendered.cart.map((l) => [l.product_slug, l.quantity])).toEqual([[p.slug, 1]]);
  });

  it('a token the API no longer takes fails the render (the page is then rendered in the browser)', async () => {
    const api = createFakeApi();
    api.failNext('getProfile', new ApiError(401, ['Unauthenticated']));
    const server = new RootStore(api, { deferPersistence: true });
    await expect(server.applyCookieSession({ token: 'c'.repeat(43) })).rejects.toBeInstanceOf(ApiError);
  });

  it('the browser applies the rendered session with its own saved token before hydrating', () => {
    const token = 'd'.repeat(43);
    const storage = memoryStorage({ [STATE_KEY]: JSON.stringify({ auth: { token, isAuthenticated: true, user: null } }) });
    const store = new RootStore(createFakeApi(), { storage, deferPersistence: true });
    const user = { customer: { firstname: 'Asha' } } as never;
    store.applyRenderedSession({ user, cart: [] });
    expect(store.sessionRestored).toBe(true);
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.token).toBe(token);
    expect(store.auth.user).toEqual(user);
  });
});
