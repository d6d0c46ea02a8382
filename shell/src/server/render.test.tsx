/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The shell's server render (issue 8) against a real HTTP server standing in for the API, the way the
// host calls it: which pages it renders, what the markup holds, which answers travel with it, and
// when it gives up.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { SERVER_SINGLETONS } from '@storefront/shared/federation';
import { requestKey, useStores, type PageModule, type RuntimeConfig } from '@storefront/shared';
import { OUTLET_END, OUTLET_START, RENDER_TIMEOUT_CODE } from '@storefront/contract/seam';
import { renderPage, singletons, type RenderRequest } from './render';

let server: Server;
let apiBaseUrl = '';
let failStoreInfo = false;
const seen: string[] = [];

const STORE_INFO = {
  success: true,
  data: {
    storeinfo: { store_name: 'Kirana Couture', buttonBackgroundColor: '#1a237e', offer_text: 'Free delivery above ₹499' },
    sub_category_list: [{ id: 1, name: 'Shirts', image: '/img/shirts.svg' }],
  },
};
const SECTIONS = {
  success: true,
  result: { banners: [{ id: 1, image: '/img/banner-1.svg', title: 'Monsoon sale', link: '/shop' }], sections: [] },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/store-info') return failStoreInfo ? send(503, { success: false, message: 'down' }) : send(200, STORE_INFO);
    if (req.url === '/api/home-page-sections') return send(200, SECTIONS);
    return send(404, { success: false, message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
);
beforeEach(() => {
  seen.length = 0;
  failStoreInfo = false;
});

const config: RuntimeConfig = {
  apiBaseUrl: '/api',
  apiKey: 'k',
  storeToken: 't',
  registryUrl: '/remotes.json',
  storeUrl: 'https://shop.example.in',
  environment: 'production',
};

/** A page as a remote's server build gives it: a component reading the session, and its reads. */
const Home: PageModule = {
  default: observer(function Home() {
    const { homeSections } = useStores();
    return <p data-testid="home">{`First banner: ${homeSections.data?.banners[0]?.title ?? 'none'}`}</p>;
  }),
  load: (session) => session.homeSections.fetch(),
};

function request(url: string, extra: Partial<RenderRequest> = {}): RenderRequest {
  return {
    url,
    config,
    apiBaseUrl,
    loadRemote: async (remote, module) => (remote === 'catalog' && module === 'Home' ? Home : null),
    ...extra,
  };
}

describe('renderPage', () => {
  it('renders the chrome and the remote page with the data its loader read, and hands over every answer', async () => {
    const result = await renderPage(request('/'));
    expect(result).not.toBeNull();
    expect(result!.status).toBe(200);
    expect(result!.route).toEqual({ remote: 'catalog', module: 'Home' });
    expect(result!.html).toContain('First banner: Monsoon sale');
    expect(result!.html).toContain('Free delivery above ₹499'); // the top bar, from store info
    expect(result!.html).toContain('class="sh-app"');
    expect(Object.keys(result!.answers).sort()).toEqual(
      [requestKey('GET', '/home-page-sections', undefined, undefined), requestKey('POST', '/store-info', undefined, undefined)].sort(),
    );
    expect(result!.answers[requestKey('POST', '/store-info', undefined, undefined)]).toEqual(STORE_INFO);
    // The store's button colour, as the browser's useTheme would set it.
    expect(result!.rootAttributes.style).toContain('--sf-button-bg: #1a237e');
    expect(result!.rootAttributes['data-banner-type']).toBe('slider');
    // No inline script: the page's Content-Security-Policy allows none.
    expect(result!.html).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/);
  });

  it('writes a page with large boundaries in order, with no script to move one into place', async () => {
    // Past react-dom's default chunk size (12.8 KB) a boundary would be outlined behind an inline script.
    const Long: PageModule = {
      default: function Long() {
        return (
          <ul>
            {Array.from({ length: 400 }, (_, i) => (
              <li key={i}>{`Handloom cotton kurta, size ${i}, ₹1,299.00`}</li>
            ))}
          </ul>
        );
      },
    };
    const result = await renderPage(request('/', { loadRemote: async () => Long }));
    expect(result!.html.length).toBeGreaterThan(20_000);
    expect(result!.html).toContain('size 399');
    expect(result!.html).not.toMatch(/<script|hidden id="S:/);
  });

  it("renders the shell's own pages, and the not-found page with 404", async () => {
    const faq = await renderPage(request('/faq'));
    expect(faq?.status).toBe(200);
    expect(faq?.route).toEqual({ shell: 'Faq' });
    // Its title as the browser would set it, for the page's <head>.
    expect(faq?.meta.title).toBe('Frequently Asked Questions | Kirana Couture');
    const missing = await renderPage(request('/no/such/page'));
    expect(missing?.status).toBe(404);
    expect(missing?.html).toContain('Page not found');
  });

  it('leaves pages whose remote has no server build for them to the browser', async () => {
    expect(await renderPage(request('/signin'))).toBeNull();
    expect(await renderPage(request('/my-account/orders'))).toBeNull();
    expect(await renderPage(request('/shop'))).toBeNull(); // this loader has no Shop
    expect(seen).toEqual([]); // nothing asked of the API for them
  });

  it("renders an account page as a guest's frame: no redirect by the guard, the session not applied, marked personal (issue 19)", async () => {
    const MyAccount: PageModule = {
      default: observer(function MyAccount() {
        const { sessionRestored, auth } = useStores();
        return <h1>{sessionRestored ? `Hello ${auth.displayName}` : 'My Account, your details loading'}</h1>;
      }),
    };
    const loadRemote: RenderRequest['loadRemote'] = async (remote, module) =>
      remote === 'account' && module === 'MyAccount' ? MyAccount : null;
    const account = await renderPage(request('/my-account/orders', { loadRemote }));
    expect(account?.status).toBe(200);
    expect(account?.route).toEqual({ remote: 'account', module: 'MyAccount' });
    expect(account?.html).toContain('My Account, your details loading');
    expect(account?.personal).toBe(true);
    expect((await renderPage(request('/')))?.personal).toBe(false);
  });

  it('gives up when an API read fails or the page cannot be loaded', async () => {
    failStoreInfo = true;
    await expect(renderPage(request('/'))).rejects.toThrow();
    failStoreInfo = false;
    const broken: PageModule = { default: Home.default, load: () => Promise.reject(new Error('no such product')) };
    await expect(renderPage(request('/', { loadRemote: async () => broken }))).rejects.toThrow('no such product');
  });

  it('gives up at its deadline', async () => {
    const slow: PageModule = { default: Home.default, load: () => new Promise((r) => setTimeout(r, 200)) };
    // The host counts it as a timeout by the contract's code (instanceof cannot cross the seam).
    await expect(renderPage(request('/', { loadRemote: async () => slow, timeoutMs: 50 }))).rejects.toMatchObject({
      code: RENDER_TIMEOUT_CODE,
    });
  });

  it('carries no timeout code when it gives up for another reason', async () => {
    failStoreInfo = true;
    const err = await renderPage(request('/')).catch((e: unknown) => e);
    failStoreInfo = false;
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: unknown }).code).toBeUndefined();
  });
});

describe("the shell's page and the host agree on the outlet", () => {
  it("index.html holds the contract's outlet markers, in order, inside #root", () => {
    const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
    const root = html.indexOf('<div id="root">');
    const start = html.indexOf(OUTLET_START);
    expect(root).toBeGreaterThanOrEqual(0);
    expect(start).toBe(root + '<div id="root">'.length);
    expect(html.indexOf(OUTLET_END)).toBeGreaterThan(start);
  });
});

describe('the singletons a remote server build gets', () => {
  it('are exactly the shared singletons of the federation list', () => {
    expect(Object.keys(singletons).sort()).toEqual([...SERVER_SINGLETONS].sort());
    expect((singletons.react as { useState: unknown }).useState).toBe(useState);
  });
});
