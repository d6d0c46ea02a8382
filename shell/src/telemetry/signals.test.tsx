import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import type { PageModule } from '@storefront/shared';
import { RemotePage } from '../app/RemotePage';
import { FirstCommitContext, SectionLoaderContext, type SectionLoader } from '../app/sections';
import { markLoadFailure, pageOf, setVersion, signal, signalView, takeSignals, type Signal } from './signals';

const seen: Signal[] = [];
beforeAll(() => {
  setVersion('catalog', '0.2.0-canary');
  setVersion('shell', '0.1.0-s1');
  // Queued before the client arrives: handed over in order when it does.
  signalView('/products/red-saree?utm_source=x');
  takeSignals((s) => seen.push(s));
});
beforeEach(() => {
  seen.length = 0;
});

describe('telemetry signals', () => {
  it('names route patterns and owners, never the address', () => {
    expect(pageOf('/products/red-saree')).toEqual({ route: '/products/:slug', remote: 'catalog' });
    expect(pageOf('/my-account/orders/12')).toEqual({ route: '/my-account/*', remote: 'account' });
    expect(pageOf('/faq')).toEqual({ route: '/faq', remote: 'shell' });
    expect(pageOf('/no/such/page')).toEqual({ route: '/not-found', remote: 'shell' });
  });

  it('hands the queued page view to the client with the version this shopper runs', () => {
    signalView('/faq');
    expect(seen).toEqual([{ t: 'view', r: 'shell', v: '0.1.0-s1', route: '/faq' }]);
  });

  it('drops a signal for a remote whose version it does not know (nothing to attribute it to)', () => {
    signal('error', 'account', 'boundary');
    signalView('/signin');
    expect(seen).toEqual([]);
  });

  function renderFailing(error: Error): void {
    const sections: SectionLoader = { load: () => Promise.reject(error), peek: () => undefined, reset: () => undefined };
    render(
      <SectionLoaderContext.Provider value={sections}>
        <FirstCommitContext.Provider value={() => undefined}>
          {/* AppRoutes' one boundary around the pages, which the page suspends to while it loads */}
          <Suspense fallback={null}>
            <RemotePage remote="catalog" module="Product" />
          </Suspense>
        </FirstCommitContext.Provider>
      </SectionLoaderContext.Provider>,
    );
  }

  it('a section that throws is one boundary error and one "section unavailable", tagged with its version', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom: PageModule = {
      default: () => {
        throw new Error('the product page broke');
      },
    };
    const sections: SectionLoader = { load: () => Promise.resolve(Boom), peek: () => Boom, reset: () => undefined };
    render(
      <SectionLoaderContext.Provider value={sections}>
        <FirstCommitContext.Provider value={() => undefined}>
          <RemotePage remote="catalog" module="Product" />
        </FirstCommitContext.Provider>
      </SectionLoaderContext.Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'This section is temporarily unavailable' })).toBeInTheDocument();
    const route = pageOf(window.location.pathname).route;
    expect(seen).toEqual([
      { t: 'error', r: 'catalog', v: '0.2.0-canary', route, k: 'boundary' },
      { t: 'fallback', r: 'catalog', v: '0.2.0-canary', route, k: 'unavailable' },
    ]);
  });

  it('a section that could not load is not counted again as an error (the loader counted the load failure)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('Loading chunk 42 failed');
    markLoadFailure(failure);
    renderFailing(failure);
    expect(await screen.findByRole('heading', { name: 'This section is temporarily unavailable' })).toBeInTheDocument();
    expect(seen.map((s) => [s.t, s.k])).toEqual([['fallback', 'unavailable']]);
  });
});
