import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { RootStore, StoresProvider } from '@storefront/shared';
import { MemoryRouter, Route, Routes } from '@storefront/shared/router';
import { createFakeApi, memoryStorage, renderWithStores } from '@storefront/shared/testing';
import SignUpPage from './SignUpPage';
import SignUpModal from '../../overlays/SignUpModal/SignUpModal';

function renderSignUp(api = createFakeApi(), route = '/signup') {
  return renderWithStores(
    <Routes>
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/signin" element={<p>Sign-in page</p>} />
    </Routes>,
    { route, api },
  );
}

const form = () => screen.getByRole('form', { name: 'Create account' });

async function fillValid(user: ReturnType<typeof renderSignUp>['user'], email = 'ravi@example.in') {
  await user.type(within(form()).getByLabelText('First name'), 'Ravi');
  await user.type(within(form()).getByLabelText('Last name'), 'Kumar');
  await user.type(within(form()).getByLabelText('Email'), email);
  await user.type(within(form()).getByLabelText('Password'), 'Secret@123');
  await user.type(within(form()).getByLabelText('Mobile number'), '9123456780');
  await user.click(within(form()).getByLabelText('I accept the terms & conditions'));
}

describe('SignUpPage', () => {
  it('shows the spec §5 messages for an empty form and makes no call', async () => {
    const { user, api } = renderSignUp();
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findAllByText('This field is required')).toHaveLength(2);
    expect(within(form()).getByText('Email is required')).toBeInTheDocument();
    expect(within(form()).getByText('Password is required')).toBeInTheDocument();
    expect(within(form()).getByText('Phone number is required')).toBeInTheDocument();
    expect(within(form()).getByText('Please accept the terms & conditions')).toBeInTheDocument();
    expect(within(form()).getByLabelText('First name')).toHaveFocus();
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it('checks lengths, the e-mail, the password rules and the mobile', async () => {
    const { user } = renderSignUp();
    await user.type(within(form()).getByLabelText('First name'), 'R');
    await user.type(within(form()).getByLabelText('Last name'), 'K'.repeat(51));
    await user.type(within(form()).getByLabelText('Email'), 'ravi@');
    await user.type(within(form()).getByLabelText('Password'), 'abc');
    await user.type(within(form()).getByLabelText('Mobile number'), '12345');
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(within(form()).getByText('Cannot exceed 50 characters')).toBeInTheDocument();
    expect(within(form()).getByText('Must be a valid email address')).toBeInTheDocument();
    expect(within(form()).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(form()).getByText('Must be a valid 10-digit number')).toBeInTheDocument();

    await user.clear(within(form()).getByLabelText('Password'));
    await user.type(within(form()).getByLabelText('Password'), 'abcdefg1');
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findByText('Must contain at least one special character')).toBeInTheDocument();
  });

  it('registers, stores the user, authenticates (no verification token) and goes to /signin (spec §4)', async () => {
    const { user, api, store, location } = renderSignUp();
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(location()).toBe('/signin');
    expect(api.callsOf('register')).toEqual([
      [{ firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', password: 'Secret@123', mobile: '9123456780' }],
    ]);
    expect(store.auth.customer?.email).toBe('ravi@example.in');
    expect(store.auth.isAuthenticated).toBe(true);
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
  });

  it('with an email_verification_token the user is stored but not signed in', async () => {
    const api = createFakeApi();
    const register = api.register;
    api.register = async (payload) => {
      const res = await register(payload);
      return res && { ...res, data: { ...res.data!, email_verification_token: 'verify-me' } };
    };
    const { user, store } = renderSignUp(api);
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    await screen.findByText('Sign-in page');
    expect(store.auth.customer?.firstname).toBe('Ravi');
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it("the server's field error lands on its field, not in a toast", async () => {
    const { user, location } = renderSignUp();
    await fillValid(user, 'asha@example.in'); // the fake's existing customer
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getAllByText('The email has already been taken.')).toHaveLength(1);
    expect(within(form()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/signup');
  });

  it('a failure without a server message reports the spec §8 fallback', async () => {
    const api = createFakeApi();
    api.register = async () => {
      throw new Error('socket hang up');
    };
    const { user } = renderSignUp(api);
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findByText('Registration failed')).toBeInTheDocument();
  });

  it('reloaded with the mobile in router state: hydrates the server frame without a mismatch, then shows the mobile', async () => {
    const page = (entry: string | { pathname: string; state: unknown }) => (
      <StoresProvider store={new RootStore(createFakeApi(), { storage: memoryStorage() })}>
        <MemoryRouter initialEntries={[entry]}>
          <SignUpPage />
        </MemoryRouter>
      </StoresProvider>
    );
    // The server renders from the URL alone; the browser kept the state across the reload.
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = renderToString(page('/signup'));
    const mismatches: unknown[] = [];
    let app: Root | undefined;
    try {
      await act(async () => {
        app = hydrateRoot(root, page({ pathname: '/signup', state: { mobile: '9988776655' } }), {
          onRecoverableError: (err) => mismatches.push(err),
        });
      });
      expect(mismatches).toEqual([]);
      expect(within(root).getByRole('status')).toHaveTextContent('The number 9988776655 is not registered yet.');
      expect(within(within(root).getByRole('form', { name: 'Create account' })).getByLabelText('Mobile number')).toHaveValue('9988776655');
    } finally {
      act(() => app?.unmount());
      root.remove();
    }
  });

  it('takes a mobile handed over by ?mobile= as well', () => {
    renderSignUp(createFakeApi(), '/signup?mobile=9988776655');
    expect(within(form()).getByLabelText('Mobile number')).toHaveValue('9988776655');
  });
});

describe('SignUpModal', () => {
  it('uses the same form and closes after registering', async () => {
    const { user, store } = renderWithStores(<SignUpModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The shell (or the checkout) flips the flag; the modal follows it.
    act(() => store.ui.openSignUpModal());
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Please accept the terms & conditions')).toBeInTheDocument();
    await fillValid(user, 'meera@example.in');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await screen.findByText('Registration successful');
    expect(store.ui.showSignUpModal).toBe(false);
    expect(store.auth.isAuthenticated).toBe(true);
  });
});
