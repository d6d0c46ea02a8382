import { loadRegistry, loadRuntimeConfig, readBootData } from './config';

function pageWith(blockText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (blockText !== null) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = 'storefront-boot';
    el.textContent = blockText;
    doc.head.appendChild(el);
  }
  return doc;
}

const config = {
  apiBaseUrl: '/api',
  apiKey: 'k',
  storeToken: 't',
  registryUrl: '/remotes.json',
  storeUrl: 'https://shop.example',
  environment: 'production',
};
const registry = {
  shell: { version: '1.0.0-a' },
  remotes: { catalog: { version: '1.0.0-a', entry: '/remotes/catalog/1.0.0-a/mf-manifest.json', lastKnownGood: null } },
};

describe('start-up data inlined by the static host', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('reads config and registry from the page without a request', async () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    const boot = readBootData(pageWith(JSON.stringify({ config, registry })));
    expect(await loadRuntimeConfig(undefined, boot?.config)).toEqual(config);
    expect(await loadRegistry('/remotes.json', boot?.registry)).toEqual(registry);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('no block, or an unreadable one: fetches both as before', async () => {
    expect(readBootData(pageWith(null))).toBeNull();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readBootData(pageWith('{not json'))).toBeNull();
    const fetchSpy = jest.fn((url: string) =>
      Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(url.includes('config') ? config : registry) }),
    );
    global.fetch = fetchSpy as unknown as typeof fetch;
    expect(await loadRuntimeConfig('/storefront.config.json', undefined)).toEqual(config);
    expect(await loadRegistry('/remotes.json', undefined)).toEqual(registry);
    expect(fetchSpy.mock.calls.map((c) => c[0])).toEqual(['/storefront.config.json', '/remotes.json']);
  });
});
