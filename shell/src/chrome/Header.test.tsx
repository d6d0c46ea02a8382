import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { ApiError } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { Header } from './Header';
import { BackButton, cartLine, makeCategories, storeWithInfo } from '../testing/chrome';

function renderHeader(options: { signedIn?: boolean; categories?: number; route?: string } = {}) {
  const session = storeWithInfo(options.categories === undefined ? {} : { categories: makeCategories(options.categories) });
  return renderWithStores(
    <>
      <Header scrolled={false} shrunk={false} />
      <BackButton />
      <p>Outside</p>
    </>,
    { ...session, signedIn: options.signedIn, route: options.route ?? '/' },
  );
}

describe('header: navigation and cart', () => {
  it('has the spec §2 navigation links', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/track-order');
    expect(within(nav).getByRole('link', { name: 'All categories', hidden: true })).toHaveAttribute('href', '/categories');
    expect(screen.getByRole('link', { name: 'Test Bazaar home' })).toHaveAttribute('href', '/');
  });

  it('shows the number of cart lines and opens the cart panel', async () => {
    const { store, user } = renderHeader();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    act(() => runInAction(() => store.cart.replaceCart([cartLine(1, 3), cartLine(2, 1)])));
    // Two lines, whatever their quantities.
    const cart = screen.getByRole('button', { name: 'Cart, 2 items' });
    expect(within(cart).getByText('2')).toBeInTheDocument();
    act(() => runInAction(() => store.cart.replaceCart([cartLine(1, 3)])));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(store.cart.isCartOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    expect(store.cart.isCartOpen).toBe(true);
  });

  it('shows orders, address and password icons only to a signed-in shopper', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/my-account/wishlist');
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('links the account icons for a signed-in shopper', () => {
    renderHeader({ signedIn: true });
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(screen.getByRole('link', { name: 'Address' })).toHaveAttribute('href', '/my-account/address');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/my-account/password');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('header: profile menu', () => {
  it('sends a guest to /signin', async () => {
    const { user, location } = renderHeader();
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).not.toHaveAttribute('aria-expanded');
    await user.click(button);
    expect(location()).toBe('/signin');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens a dropdown for a signed-in shopper with My Account, My Orders and Logout', async () => {
    const { user } = renderHeader({ signedIn: true });
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('Asha Rao')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My AccountManage your profile', 'My Orders', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/my-account');
    expect(items[1]).toHaveAttribute('href', '/my-account/orders');
    expect(items[0]).toHaveFocus();
  });

  it('closes on an outside click', async () => {
    const { user } = renderHeader({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on choosing an item, and on Escape with focus back on the button', async () => {
    const { user, location } = renderHeader({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My Orders' }));
    expect(location()).toBe('/my-account/orders');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Orders' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });
});

describe('header: logout', () => {
  async function openLogout(user: ReturnType<typeof renderHeader>['user']) {
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    return screen.findByRole('dialog', { name: 'Confirm Logout' });
  }

  it("asks 'Confirm Logout' with the spec's text; Cancel keeps the shopper signed in", async () => {
    const { user, store, api } = renderHeader({ signedIn: true });
    const dialog = await openLogout(user);
    expect(
      within(dialog).getByText("Are you sure you want to log out? You'll need to sign in again to access your account."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.auth.isAuthenticated).toBe(true);
    expect(api.callsOf('logout')).toHaveLength(0);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderHeader({ signedIn: true });
    const dialog = await openLogout(user);
    const logout = within(dialog).getByRole('button', { name: 'Logout' });
    await user.tab();
    expect(logout).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('logs out, resets the session, goes to /signin replacing history and toasts success', async () => {
    const { user, store, api, location } = renderHeader({ signedIn: true });
    act(() => runInAction(() => store.cart.replaceCart([cartLine(1)])));
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(location()).toBe('/about');
    const dialog = await openLogout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(api.callsOf('logout')).toHaveLength(1);
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.cart.count).toBe(0);
    expect(location()).toBe('/signin');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // /about was replaced, so Back goes to where the shopper was before it.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/');
  });

  it("still signs out locally when the call fails, and toasts 'Logout failed'", async () => {
    const { user, store, api, location } = renderHeader({ signedIn: true });
    api.failNext('logout', new ApiError(500, []));
    const dialog = await openLogout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(store.auth.isAuthenticated).toBe(false);
    expect(location()).toBe('/signin');
  });

  it('is offered by the header logout icon too', async () => {
    const { user } = renderHeader({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Logout' })).toBeInTheDocument();
  });
});

describe('header: Category dropdown', () => {
  const toggle = () => screen.getByRole('button', { name: 'Category' });

  it('shows 10 categories, then Show more / Show less', async () => {
    const { user } = renderHeader({ categories: 12 });
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    const links = () =>
      within(panel)
        .getAllByRole('link')
        .filter((a) => a.textContent?.startsWith('Category '));
    expect(links()).toHaveLength(10);
    expect(links()[0]).toHaveAttribute('href', '/shop?categories=category+1');
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(links()).toHaveLength(12);
    await user.click(within(panel).getByRole('button', { name: 'Show less' }));
    expect(links()).toHaveLength(10);
  });

  it('has no Show more with 10 or fewer, and links lower-cased names', async () => {
    const { user } = renderHeader();
    await user.click(toggle());
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: "Men's - Watch" })).toHaveAttribute('href', '/shop?categories=men%27s+-+watch');
  });

  it("says 'No categories found' when the store has none", async () => {
    const { user } = renderHeader({ categories: 0 });
    await user.click(toggle());
    expect(screen.getAllByText('No categories found')[0]).toBeVisible();
  });

  it('opens on hover and closes 300 ms after the pointer leaves', async () => {
    jest.useFakeTimers();
    try {
      renderHeader();
      const item = toggle().closest('li')!;
      fireEvent.mouseEnter(item);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      fireEvent.mouseLeave(item);
      act(() => jest.advanceTimersByTime(299));
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      // Coming back within the delay keeps it open.
      fireEvent.mouseEnter(item);
      act(() => jest.advanceTimersByTime(400));
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      fireEvent.mouseLeave(item);
      act(() => jest.advanceTimersByTime(300));
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { user } = renderHeader();
    await user.click(toggle());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });
});

describe('header: Shop mega-menu', () => {
  it('shows a carousel of category images linking to their shop lists', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Shop by category' }));
    const heading = await screen.findByRole('heading', { name: 'Shop by category' });
    const panel = heading.closest('.sh-mega') as HTMLElement;
    const card = within(panel).getAllByRole('link', { name: 'Wallet' })[0]!;
    expect(card).toHaveAttribute('href', '/shop?categories=wallet');
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/images/categories/2.svg');
  });

  it("says 'No categories found' when the store has none", async () => {
    const { user } = renderHeader({ categories: 0 });
    await user.click(screen.getByRole('button', { name: 'Shop by category' }));
    const panel = document.querySelector('.sh-mega') as HTMLElement;
    expect(await within(panel).findByText('No categories found')).toBeInTheDocument();
  });
});

describe('header: mobile menu', () => {
  it('opens a drawer with every header link and an expandable category list', async () => {
    const { user, location } = renderHeader({ categories: 12 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/categories', '/shop', '/about', '/contact', '/track-order', '/cart', '/checkout']);
    const expand = within(drawer).getByRole('button', { name: 'Shop by Category' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).queryByRole('link', { name: 'Category 12' })).not.toBeInTheDocument();
    await user.click(expand);
    // The drawer lists every category.
    await user.click(within(drawer).getByRole('link', { name: 'Category 12' }));
    expect(location()).toBe('/shop?categories=category+12');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'No categories found' in the drawer when there are none, and offers sign-in to guests", async () => {
    const { user } = renderHeader({ categories: 0 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Shop by Category' }));
    expect(within(drawer).getByText('No categories found')).toBeVisible();
    expect(within(drawer).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('offers the account pages and logout to a signed-in shopper', async () => {
    const { user } = renderHeader({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/my-account/wishlist');
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Logout' })).toBeInTheDocument();
  });
});
