import { act, screen, waitFor, within } from '@testing-library/react';
import { RootStore } from '@storefront/shared';
import { createFakeApi, memoryStorage, renderWithStores, signInForTest } from '@storefront/shared/testing';
import MyAccountPage from './MyAccountPage';

function renderAccount(route = '/my-account', api = createFakeApi()) {
  return renderWithStores(<MyAccountPage />, { api, signedIn: true, route, path: '/my-account/*' });
}

const nav = () => screen.getByRole('navigation', { name: 'My account' });

describe('My account before the session applies (rendered on the server, hydrating)', () => {
  it('shows the tabs and the sub-page heading with skeletons, then the profile filled in', async () => {
    const api = createFakeApi();
    const storage = memoryStorage();
    const earlier = new RootStore(api, { storage });
    signInForTest(earlier, api); // saved, as a shopper's browser holds it
    earlier.dispose();
    const store = new RootStore(api, { storage, deferPersistence: true });
    renderWithStores(<MyAccountPage />, { api, store, route: '/my-account', path: '/my-account/*' });
    expect(within(nav()).getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    // The form would keep the empty names it mounted with: it waits for the session.
    expect(screen.queryByRole('form', { name: 'Account details' })).not.toBeInTheDocument();

    act(() => store.startPersistence());
    const customer = api.state.customers[0]!;
    expect(await screen.findByRole('form', { name: 'Account details' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue(customer.firstname);
    expect(screen.getByText(`${customer.firstname} ${customer.lastname}`.trim())).toBeInTheDocument();
  });

  it('mounts the sub-page after the update that applies the session, in a render of its own (issue 19: TBT)', async () => {
    const api = createFakeApi();
    const storage = memoryStorage();
    const earlier = new RootStore(api, { storage });
    signInForTest(earlier, api);
    earlier.dispose();
    const store = new RootStore(api, { storage, deferPersistence: true });
    renderWithStores(<MyAccountPage />, { api, store, route: '/my-account', path: '/my-account/*' });
    // As the shell does after hydrating: outside act, so React schedules the work as in a browser.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      store.startPersistence();
      // The session's own update renders in a microtask (MobX → useSyncExternalStore: React's sync lane).
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.queryByRole('form', { name: 'Account details' })).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
      // The profile follows in the deferred render, which yields to the browser.
      expect(await screen.findByRole('form', { name: 'Account details' })).toBeInTheDocument();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });
});

describe('My account navigation', () => {
  it('reaches every sub-page from the account navigation, each with its own h1', async () => {
    const { user, location } = renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    const pages: [string, string, string][] = [
      ['My Orders', '/my-account/orders', 'My Orders'],
      ['Wishlist', '/my-account/wishlist', 'Wishlist'],
      ['Address', '/my-account/address', 'Shipping Addresses'],
      ['Change Password', '/my-account/password', 'Change Password'],
      ['Profile', '/my-account', 'My Profile'],
    ];
    for (const [link, path, heading] of pages) {
      await user.click(within(nav()).getByRole('link', { name: link }));
      expect(location()).toBe(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(within(nav()).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
  });

  it('an unknown sub-page goes back to the profile', async () => {
    const { location } = renderAccount('/my-account/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(location()).toBe('/my-account');
  });

  it('logout asks first, then signs out, resets the session and goes to /signin', async () => {
    const { user, store, api, location } = renderAccount();
    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(
      within(dialog).getByText("Are you sure you want to log out? You'll need to sign in again to access your account."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.auth.isAuthenticated).toBe(true);
    expect(api.callsOf('logout')).toHaveLength(0);

    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/signin'));
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.auth.user).toBeNull();
    expect(api.callsOf('logout')).toHaveLength(1);
  });

  it('a failed logout still signs out here, and says it failed', async () => {
    const api = createFakeApi();
    api.failNext('logout', 'Server is busy');
    const { user, store, location } = renderAccount('/my-account', api);
    await user.click(within(nav()).getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Server is busy')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/signin'));
    expect(store.auth.isAuthenticated).toBe(false);
  });
});

describe('Profile', () => {
  it('shows the e-mail and phones, and checks the names (spec §5)', async () => {
    const { user, api } = renderAccount();
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Email')).toBe('asha@example.in');
    expect(facts('Phone number')).toBe('9876543210');
    expect(facts('Alternate phone number')).toBe('9876543210');

    const form = screen.getByRole('form', { name: 'Account details' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Asha');
    await user.clear(within(form).getByLabelText('First name'));
    await user.clear(within(form).getByLabelText('Last name'));
    await user.type(within(form).getByLabelText('Last name'), 'R');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(api.callsOf('updateAccountDetails')).toHaveLength(0);
  });

  it('updates first and last name on the server and in the session', async () => {
    const { user, api, store } = renderAccount();
    const form = screen.getByRole('form', { name: 'Account details' });
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Ashwini');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Account details updated')).toBeInTheDocument();
    expect(api.callsOf('updateAccountDetails')).toEqual([[{ firstname: 'Ashwini', lastname: 'Rao' }]]);
    expect(store.auth.customer?.firstname).toBe('Ashwini');
    expect(screen.getByText('Ashwini Rao')).toBeInTheDocument(); // the greeting follows the session
  });

  it('a failed update shows the spec §8 fallback', async () => {
    const api = createFakeApi();
    api.updateAccountDetails = async () => ({ success: false });
    const { user } = renderAccount('/my-account', api);
    const form = screen.getByRole('form', { name: 'Account details' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Failed to update account details')).toBeInTheDocument();
  });
});

describe('Profile: sensitive changes (issue 13)', () => {
  it('a new e-mail needs the current password; a wrong one lands on its field; it changes at the OTP sent to it', async () => {
    const { user, api, store } = renderAccount();
    const form = screen.getByRole('form', { name: 'Change email' });
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByText('Current password is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('New email'), 'asha.new@example.in');
    await user.type(within(form).getByLabelText('Current password'), 'Wrong@111');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(store.auth.customer?.email).toBe('asha@example.in');

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'Secret@1');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    // The code goes to the new address (and, in development, into the toast); the e-mail waits for it.
    expect(
      await screen.findByText(`We sent an OTP to asha.new@example.in. Enter it to change your email. OTP: ${api.state.otp}`),
    ).toBeInTheDocument();
    expect(api.callsOf('updateUserDetails').at(-1)).toEqual([
      { firstname: 'Asha', lastname: 'Rao', email: 'asha.new@example.in', current_password: 'Secret@1' },
    ]);
    expect(store.auth.customer?.email).toBe('asha@example.in');
    const verify = screen.getByRole('form', { name: 'Verify email' });
    expect(within(verify).getByText('asha.new@example.in')).toBeInTheDocument();
    await user.type(within(verify).getByLabelText('OTP'), api.state.otp === '000000' ? '111111' : '000000');
    await user.click(within(verify).getByRole('button', { name: 'Verify email' }));
    expect(await within(verify).findByText('Invalid OTP')).toBeInTheDocument();
    expect(store.auth.customer?.email).toBe('asha@example.in');
    await user.clear(within(verify).getByLabelText('OTP'));
    await user.type(within(verify).getByLabelText('OTP'), api.state.otp);
    await user.click(within(verify).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email updated successfully')).toBeInTheDocument();
    expect(api.callsOf('verifyEmail')).toEqual([
      [{ email: 'asha.new@example.in', otp: api.state.otp === '000000' ? '111111' : '000000' }],
      [{ email: 'asha.new@example.in', otp: api.state.otp }],
    ]);
    expect(store.auth.customer?.email).toBe('asha.new@example.in');
    // Back to the first step, for another change.
    expect(screen.getByRole('form', { name: 'Change email' })).toBeInTheDocument();
  });

  it('an e-mail waiting for its OTP (asked before a reload) opens on the code step, without taking the focus', async () => {
    const api = createFakeApi();
    const first = api.state.customers[0];
    if (first) first.pending_email = 'asha.new@example.in';
    renderAccount('/my-account', api);
    const verify = await screen.findByRole('form', { name: 'Verify email' });
    expect(within(verify).getByText('asha.new@example.in')).toBeInTheDocument();
    expect(within(verify).getByLabelText('OTP')).not.toHaveFocus();
  });

  it('"Use another email" leaves the pending address and goes back to the first step', async () => {
    const { user, store } = renderAccount();
    const form = screen.getByRole('form', { name: 'Change email' });
    await user.type(within(form).getByLabelText('New email'), 'typo@exmaple.in');
    await user.type(within(form).getByLabelText('Current password'), 'Secret@1');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    const verify = await screen.findByRole('form', { name: 'Verify email' });
    await user.click(within(verify).getByRole('button', { name: 'Use another email' }));
    expect(screen.getByRole('form', { name: 'Change email' })).toBeInTheDocument();
    expect(store.auth.customer?.email).toBe('asha@example.in');
  });

  it('an unverified mobile offers an OTP to verify it', async () => {
    const api = createFakeApi();
    const first = api.state.customers[0];
    if (first) first.mobile_verified = false;
    const { user, store } = renderAccount('/my-account', api);
    expect(screen.getByText('Verify 9876543210 to sign in with a one-time code.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const form = await screen.findByRole('form', { name: 'Verify mobile' });
    await user.type(within(form).getByLabelText('OTP'), api.state.otp === '000000' ? '111111' : '000000');
    await user.click(within(form).getByRole('button', { name: 'Verify mobile' }));
    expect(await within(form).findByText('Invalid OTP')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('OTP'));
    await user.type(within(form).getByLabelText('OTP'), api.state.otp);
    await user.click(within(form).getByRole('button', { name: 'Verify mobile' }));
    expect(await screen.findByText('9876543210 (verified)')).toBeInTheDocument();
    expect(store.auth.customer?.mobile_verified).toBe(true);
  });
});
