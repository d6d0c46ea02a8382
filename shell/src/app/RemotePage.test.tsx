import { Suspense } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { FullScreenSpinner } from '@storefront/shared';
import type { PageModule } from '@storefront/shared';
import { RemotePage } from './RemotePage';
import { FirstCommitContext, SectionLoaderContext, type SectionLoader } from './sections';

const Hello: PageModule = { default: () => <h1>Hello from the catalog</h1> };

function loader(over: Partial<SectionLoader>): SectionLoader {
  return { load: () => Promise.resolve(Hello), peek: () => undefined, reset: () => undefined, ...over };
}

function renderPage(sections: SectionLoader, firstCommit = jest.fn()) {
  render(
    <SectionLoaderContext.Provider value={sections}>
      <FirstCommitContext.Provider value={firstCommit}>
        {/* AppRoutes' one boundary around the pages */}
        <Suspense fallback={<FullScreenSpinner />}>
          <RemotePage remote="catalog" module="Home" />
        </Suspense>
      </FirstCommitContext.Provider>
    </SectionLoaderContext.Provider>,
  );
  return firstCommit;
}

describe('RemotePage', () => {
  it('renders a module that has already arrived at once, without a spinner (what hydration needs)', () => {
    const load = jest.fn(() => Promise.resolve(Hello));
    const firstCommit = renderPage(loader({ peek: () => Hello, load }));
    expect(screen.getByRole('heading', { name: 'Hello from the catalog' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(firstCommit).toHaveBeenCalledTimes(1);
  });

  it('loads any other module behind its spinner, and reports the first commit once it shows', async () => {
    let arrive: (m: PageModule) => void = () => undefined;
    const firstCommit = renderPage(loader({ load: () => new Promise<PageModule>((r) => (arrive = r)) }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(firstCommit).not.toHaveBeenCalled();
    await act(async () => arrive(Hello));
    expect(await screen.findByRole('heading', { name: 'Hello from the catalog' })).toBeInTheDocument();
    // An effect: it runs once the page has painted.
    await waitFor(() => expect(firstCommit).toHaveBeenCalled());
  });

  it('shows the section fallback when the remote fails, and still reports, so a hydrating page is not stuck', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const firstCommit = renderPage(loader({ load: () => Promise.reject(new Error('remote down')) }));
    expect(await screen.findByRole('heading', { name: 'This section is temporarily unavailable' })).toBeInTheDocument();
    expect(firstCommit).toHaveBeenCalled();
  });

  it('Retry loads a failed section again and shows it once it arrives', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn<Promise<PageModule>, []>(() => Promise.reject(new Error('remote down')));
    renderPage(loader({ load }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    load.mockImplementation(() => Promise.resolve(Hello));
    await act(async () => retry.click());
    expect(await screen.findByRole('heading', { name: 'Hello from the catalog' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
