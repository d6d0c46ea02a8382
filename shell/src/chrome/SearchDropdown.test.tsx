import { act, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_SUGGESTIONS } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { Header } from './Header';
import { storeWithInfo } from '../testing/chrome';

function renderSearch() {
  const view = renderWithStores(
    <>
      <Header scrolled={false} shrunk={false} />
      <p>Outside</p>
    </>,
    { ...storeWithInfo(), route: '/about' },
  );
  const open = async () => {
    await view.user.click(screen.getByRole('button', { name: 'Search products' }));
    return screen.findByPlaceholderText('Search for products, brands, categories...');
  };
  return { ...view, open };
}

const dropdown = () => document.querySelector('.sh-search');

describe('header search (spec §2)', () => {
  it('opens a dropdown with the search box focused, a close button and the nine suggestions', async () => {
    const { open } = renderSearch();
    const box = await open();
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Close search', expanded: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suggested Search Terms' })).toBeInTheDocument();
    const chips = within(screen.getByRole('heading', { name: 'Suggested Search Terms' }).closest('section')!).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([...SEARCH_SUGGESTIONS]);
    expect(chips.map((c) => c.textContent)).toEqual([
      'T-Shirts',
      'Shirts',
      'Denims',
      "Men's - Watch",
      "Women's - Watch",
      'Handbags',
      "Men's Shoes",
      'Wallet',
      'Caps',
    ]);
  });

  it('does nothing for a blank or whitespace-only term', async () => {
    const { open, user, location } = renderSearch();
    const box = await open();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(box, '   {Enter}');
    expect(location()).toBe('/about');
    expect(dropdown()).toHaveClass('is-open');
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
  });

  it('fills the box from a suggestion, then goes to /shop?search=<term> and closes', async () => {
    const { open, user, location } = renderSearch();
    const box = await open();
    await user.click(screen.getByRole('button', { name: "Men's - Watch" }));
    expect(box).toHaveValue("Men's - Watch");
    expect(location()).toBe('/about');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/shop?search=Men%27s+-+Watch');
    // A spinner while the search starts, during the 400 ms closing animation; then gone.
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    expect(dropdown()).toHaveClass('is-closing');
    await waitFor(() => expect(dropdown()).not.toBeInTheDocument());
  });

  it('trims the typed term', async () => {
    const { open, user, location } = renderSearch();
    const box = await open();
    await user.type(box, '  kurta set {Enter}');
    expect(location()).toBe('/shop?search=kurta+set');
  });

  it('closes on Escape over 400 ms and gives focus back to the search button', async () => {
    jest.useFakeTimers();
    try {
      const view = renderWithStores(<Header scrolled={false} shrunk={false} />, storeWithInfo());
      act(() => screen.getByRole('button', { name: 'Search products' }).click());
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      expect(await screen.findByPlaceholderText('Search for products, brands, categories...')).toHaveFocus();
      act(() => {
        document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      });
      expect(dropdown()).toHaveClass('is-closing');
      expect(dropdown()).toHaveStyle({ animationDuration: '400ms' });
      expect(screen.getByRole('button', { name: 'Search products' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(399));
      expect(dropdown()).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(dropdown()).not.toBeInTheDocument();
      view.unmount();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes on a click outside, but not on a click inside', async () => {
    const { open, user } = renderSearch();
    await open();
    await user.click(screen.getByRole('heading', { name: 'Suggested Search Terms' }));
    expect(dropdown()).toHaveClass('is-open');
    await user.click(screen.getByText('Outside'));
    expect(dropdown()).toHaveClass('is-closing');
    await waitFor(() => expect(dropdown()).not.toBeInTheDocument());
  });

  it('closes with its close button and toggles from the header button', async () => {
    const { open, user } = renderSearch();
    await open();
    await user.click(within(dropdown() as HTMLElement).getByRole('button', { name: 'Close search' }));
    await waitFor(() => expect(dropdown()).not.toBeInTheDocument());
    await open();
    await user.click(screen.getAllByRole('button', { name: 'Close search' })[0]!);
    expect(dropdown()).toHaveClass('is-closing');
  });
});
