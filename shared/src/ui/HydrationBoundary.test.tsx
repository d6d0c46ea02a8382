import { act, lazy, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationBoundary, whenHydrated } from './HydrationBoundary';
import { useHydrated } from './useHydrated';

function Where() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

describe('HydrationBoundary', () => {
  it('whenHydrated resolves once every boundary of the server markup has hydrated, nested ones too', async () => {
    const tree = (
      <main>
        <HydrationBoundary>
          <h1>Header</h1>
          <HydrationBoundary>
            <Where />
          </HydrationBoundary>
        </HydrationBoundary>
        <HydrationBoundary>
          <footer>Footer</footer>
        </HydrationBoundary>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(tree);
    expect(root.textContent).toContain('server');
    let done = false;
    const hydrated = whenHydrated(root).then(() => (done = true));
    expect(done).toBe(false);
    await act(async () => {
      hydrateRoot(root, tree);
    });
    await hydrated;
    expect(done).toBe(true);
    // useHydrated: the server's value while hydrating, the browser's right after.
    expect(root.textContent).toContain('browser');
  });

  it('keeps the server markup of a boundary whose chunk is still on its way, and waits for it', async () => {
    let arrive!: (m: { default: ComponentType }) => void;
    const arriving = new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve));
    const Page = () => <p>Page content</p>;
    const LazyInBrowser = lazy(() => arriving);
    const tree = (Content: ComponentType) => (
      <HydrationBoundary>
        <Content />
      </HydrationBoundary>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(tree(Page));
    const hydrated = whenHydrated(root);
    let done = false;
    void hydrated.then(() => (done = true));
    await act(async () => {
      hydrateRoot(root, tree(LazyInBrowser));
    });
    expect(root.textContent).toBe('Page content');
    expect(done).toBe(false);
    await act(async () => {
      arrive({ default: Page });
      await arriving;
    });
    await hydrated;
    expect(done).toBe(true);
    expect(root.textContent).toBe('Page content');
  });

  it('does not wait for a boundary that is removed instead of hydrated (a failed section shows its fallback)', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(
      <section>
        <HydrationBoundary>
          <p>A page whose remote fails</p>
        </HydrationBoundary>
      </section>,
    );
    let done = false;
    const hydrated = whenHydrated(root, 60_000).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    // What React does when the section's error boundary replaces it: the boundary's nodes, marks included, go.
    root.querySelector('section')!.replaceChildren(Object.assign(document.createElement('div'), { role: 'alert' }));
    await hydrated;
    expect(done).toBe(true);
  });

  it('resolves at once for markup without boundaries', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>plain</p>';
    await expect(whenHydrated(root)).resolves.toBeUndefined();
  });
});
