import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStringAsync } from 'preact-render-to-string';
import { HydrationSlice, isHydrating, markSlicesInServerRender, startSlicedHydration } from './HydrationSlice';
import { useHydrated } from './useHydrated';

/** One task on (jsdom has no MessageChannel: the slices' tasks are timers there, run in order). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((v) => v + 1)}>
      {label} {n}
    </button>
  );
}

function BrowserOnly() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

function Page() {
  return (
    <main>
      <Counter label="frame" />
      <HydrationSlice>
        <Counter label="first" />
      </HydrationSlice>
      <HydrationSlice>
        <Counter label="second" />
        <HydrationSlice>
          <Counter label="inner" />
        </HydrationSlice>
      </HydrationSlice>
      <BrowserOnly />
    </main>
  );
}

/** Whether the button's click handler is attached yet (hydrated): a click moves its count. */
function hydrated(container: HTMLElement, label: string): boolean {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(label));
  if (!button) throw new Error(`no ${label} button`);
  const before = button.textContent;
  act(() => button.click());
  return button.textContent !== before;
}

describe('HydrationSlice', () => {
  it('hydrates each slice in a task of its own, in order, keeping the server markup until then', async () => {
    // As the host renders a page: the async render marks each Suspense boundary, which hydration needs.
    markSlicesInServerRender();
    const serverMarkup = await renderToStringAsync(<Page />);
    markSlicesInServerRender(false);
    expect(serverMarkup.match(/<!--\$s-->/g)).toHaveLength(3);
    const container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.append(container);

    const done = startSlicedHydration();
    let finished = false;
    void done.then(() => {
      finished = true;
    });
    hydrateRoot(container, <Page />);
    await Promise.resolve();

    // The first pass hydrated the frame only; every slice still shows the server's markup.
    expect(container.innerHTML).toBe(serverMarkup);
    expect(isHydrating()).toBe(true);
    expect(hydrated(container, 'frame')).toBe(true);
    expect(hydrated(container, 'first')).toBe(false);

    await nextTask();
    expect(hydrated(container, 'first')).toBe(true);
    expect(hydrated(container, 'second')).toBe(false);

    await nextTask();
    expect(hydrated(container, 'second')).toBe(true);
    expect(hydrated(container, 'inner')).toBe(false);

    await nextTask();
    expect(hydrated(container, 'inner')).toBe(true);
    expect(finished).toBe(false);
    // Until the hydration has ended, the browser's own values stay the server's.
    expect(screen.getByText('server')).toBeInTheDocument();

    // The task after the last slice ends the hydration; the browser's own values render a task later.
    await nextTask();
    expect(finished).toBe(true);
    expect(isHydrating()).toBe(false);
    // (It subscribes in an effect, which Preact runs after the next paint: whichever comes later.)
    expect(await screen.findByText('browser')).toBeInTheDocument();
    container.remove();
  });

  it('a slice whose parent re-renders while it waits keeps the server markup, then hydrates with the latest props', async () => {
    let bump = () => {};
    function Parent() {
      const [n, setN] = useState(0);
      bump = () => setN((v) => v + 1);
      return (
        <main>
          <HydrationSlice>
            <p data-n={n}>shown {n}</p>
          </HydrationSlice>
        </main>
      );
    }
    markSlicesInServerRender();
    const serverMarkup = await renderToStringAsync(<Parent />);
    markSlicesInServerRender(false);
    const container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.append(container);

    const done = startSlicedHydration();
    hydrateRoot(container, <Parent />);
    await Promise.resolve();
    // The parent is hydrated and its state moves (as the header's scroll state does on a page scrolled early).
    act(() => bump());
    expect(container.querySelector('p')?.textContent).toBe('shown 0');

    await done;
    await nextTask();
    expect(container.querySelector('p')?.textContent).toBe('shown 1');
    // Preact's hydration patches text but not attributes: the slice must not hydrate over props it never rendered.
    expect(container.querySelector('p')?.getAttribute('data-n')).toBe('1');
    expect(container.querySelectorAll('p')).toHaveLength(1);
    container.remove();
  });

  it('renders its children at once outside a hydration (a client navigation never shows it empty)', () => {
    render(
      <HydrationSlice>
        <p>New arrivals</p>
      </HydrationSlice>,
    );
    expect(screen.getByText('New arrivals')).toBeInTheDocument();
    expect(isHydrating()).toBe(false);
  });
});
