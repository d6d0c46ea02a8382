import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationBoundary, StoresProvider, whenHydrated } from '@storefront/shared';
import { MemoryRouter } from '@storefront/shared/router';
import { renderWithStores } from '@storefront/shared/testing';
import { SiteHeader } from './SiteHeader';
import { INITIAL_SCROLL, nextScrollChrome } from './useScrollChrome';
import { scrollWindowTo, storeWithInfo } from '../testing/chrome';

const topBar = () => document.querySelector('.sh-topbar')!;
const headerBar = () => document.querySelector('.sh-header')!;
const scroll = (y: number) => act(() => scrollWindowTo(y));

describe('fixed chrome and scrolling (spec §2)', () => {
  beforeEach(() => scrollWindowTo(0));

  it('hides the top bar only after scrolling down more than 12 px, and makes it inert', () => {
    renderWithStores(<SiteHeader />, storeWithInfo());
    expect(screen.getByRole('banner')).not.toHaveClass('is-topbar-hidden');
    scroll(12);
    expect(topBar()).toHaveAttribute('data-hidden', 'false');
    scroll(13);
    expect(topBar()).toHaveAttribute('data-hidden', 'true');
    expect(topBar()).toHaveAttribute('inert');
    expect(screen.getByRole('banner')).toHaveClass('is-topbar-hidden');
    // The slide takes the spec's 0.6 s.
    expect(screen.getByRole('banner')).toHaveStyle({ transitionDuration: '0.6s' });
  });

  it('brings the top bar back after scrolling up more than 12 px, or at the top', () => {
    renderWithStores(<SiteHeader />, storeWithInfo());
    scroll(400);
    expect(topBar()).toHaveAttribute('data-hidden', 'true');
    scroll(390); // up 10 px: not enough
    expect(topBar()).toHaveAttribute('data-hidden', 'true');
    scroll(387); // up 13 px from the lowest point
    expect(topBar()).toHaveAttribute('data-hidden', 'false');
    scroll(600);
    expect(topBar()).toHaveAttribute('data-hidden', 'true');
    scroll(0);
    expect(topBar()).toHaveAttribute('data-hidden', 'false');
  });

  it('gives the header a shadow once scrolling starts and shrinks it past 60 px', () => {
    renderWithStores(<SiteHeader />, storeWithInfo());
    expect(headerBar()).not.toHaveClass('is-scrolled');
    scroll(1);
    expect(headerBar()).toHaveClass('is-scrolled');
    expect(headerBar()).not.toHaveClass('is-shrunk');
    scroll(60);
    expect(headerBar()).not.toHaveClass('is-shrunk');
    scroll(61);
    expect(headerBar()).toHaveClass('is-shrunk');
    scroll(0);
    expect(headerBar()).not.toHaveClass('is-scrolled');
    expect(headerBar()).not.toHaveClass('is-shrunk');
  });

  it('a page scrolled before the header hydrated: once hydrated, the top bar is hidden and the header shrunk', async () => {
    const { store } = storeWithInfo();
    // As in the shell's layout: the chrome is a boundary of the page, and its top bar and header boundaries of their own.
    const page = () => (
      <StoresProvider store={store}>
        <MemoryRouter>
          <HydrationBoundary>
            <SiteHeader />
          </HydrationBoundary>
        </MemoryRouter>
      </StoresProvider>
    );
    const html = renderToString(page());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(topBar()).toHaveAttribute('data-hidden', 'false');

    // The shopper scrolled while the scripts loaded: no scroll event reaches a listener not yet there.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 400 });
    // As the bootstrap does: count the server's boundaries, then hydrate.
    const done = whenHydrated(container);
    await act(async () => {
      hydrateRoot(container, page());
    });
    await done;
    expect(topBar()).toHaveAttribute('data-hidden', 'true');
    expect(screen.getByRole('banner')).toHaveClass('is-topbar-hidden');
    expect(headerBar()).toHaveClass('is-shrunk');
    container.remove();
  });

  it('measures the way up from the lowest point reached (pure reducer)', () => {
    let s = INITIAL_SCROLL;
    for (const y of [5, 10, 20, 200, 300]) s = nextScrollChrome(s, y);
    expect(s).toMatchObject({ topBarHidden: true, anchorY: 300 });
    s = nextScrollChrome(s, 295);
    expect(s.topBarHidden).toBe(true);
    s = nextScrollChrome(s, 287);
    expect(s.topBarHidden).toBe(false);
    // Unchanged state is returned as is, so React skips the render.
    expect(nextScrollChrome(s, 287)).toBe(s);
  });

  it('keeps a spacer of the chrome height in the flow (no layout shift)', () => {
    renderWithStores(<SiteHeader />, storeWithInfo());
    expect(document.querySelector('.sh-chrome-spacer')).toBeInTheDocument();
  });
});
