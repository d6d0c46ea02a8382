import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ApiError, RootStore, StoresProvider } from '@storefront/shared';
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

/** The code step that follows valid details (issue 34): enters `otp` and submits. */
async function enterCode(user: ReturnType<typeof renderSignUp>['user'], otp = '123456') {
  const step = await screen.findByRole('form', { name: 'Verify mobile number' });
  await user.clear(within(step).getByLabelText('OTP'));
  await user.type(within(step).getByLabelText('OTP'), otp);
  await user.click(within(step).getByRole('button', { name: 'Verify and create account' }));
  return step;
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

  it('sends a code to the mobile, registers with it, authenticates (no verification token) and goes to /signin (spec §4)', async () => {
    const { user, api, store, location } = renderSignUp();
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    const details = { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', password: 'Secret@123', mobile: '9123456780' };
    const step = await screen.findByRole('form', { name: 'Verify mobile number' });
    expect(api.callsOf('sendSignUpOtp')).toEqual([[details]]);
    expect(api.callsOf('register')).toHaveLength(0);
    expect(within(step).getByRole('status')).toHaveTextContent('We sent a one-time code to 9123456780.');
    // Spec §8: the send toast shows the code in development.
    expect(await screen.findByText('OTP sent successfully: 123456')).toBeInTheDocument();
    expect(within(step).getByLabelText('OTP')).toHaveFocus();

    await enterCode(user);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(location()).toBe('/signin');
    expect(api.callsOf('register')).toEqual([[{ ...details, otp: '123456' }]]);
    expect(store.auth.customer).toMatchObject({ email: 'ravi@example.in', mobile_verified: true });
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
    await enterCode(user);
    await screen.findByText('Sign-in page');
    expect(store.auth.customer?.firstname).toBe('Ravi');
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it("the server's field error lands on its field, not in a toast, before any code is sent", async () => {
    const { user, location, api } = renderSignUp();
    await fillValid(user, 'asha@example.in'); // the fake's existing customer
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    expect(await within(form()).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getAllByText('The email has already been taken.')).toHaveLength(1);
    expect(within(form()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('form', { name: 'Verify mobile number' })).not.toBeInTheDocument();
    expect(api.callsOf('register')).toHaveLength(0);
    expect(location()).toBe('/signup');
  });

  it('a wrong code stays on the code field; resend sends again; change details keeps what was typed', async () => {
    const { user, api, store } = renderSignUp();
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    const step = await enterCode(user, '000000');
    expect(await within(step).findByText('Invalid OTP')).toBeInTheDocument();
    expect(within(step).getByLabelText('OTP')).toHaveAttribute('aria-invalid', 'true');
    expect(store.auth.isAuthenticated).toBe(false);

    api.failNext('sendSignUpOtp', new ApiError(429, ['Please wait 20 seconds before requesting a new OTP']));
    await user.click(within(step).getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Please wait 20 seconds before requesting a new OTP')).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Resend OTP' }));
    await waitFor(() => expect(api.callsOf('sendSignUpOtp')).toHaveLength(3));

    await user.click(within(step).getByRole('button', { name: 'Change details' }));
    expect(within(form()).getByLabelText('Email')).toHaveValue('ravi@example.in');
    expect(within(form()).getByLabelText('Mobile number')).toHaveValue('9123456780');
  });

  it('an expired code says so (the server message, spec §8 shows it as given)', async () => {
    const api = createFakeApi();
    api.failNext(
      'register',
      new ApiError(400, ['OTP has expired. Please request a new one.'], { otp: 'OTP has expired. Please request a new one.' }),
    );
    const { user } = renderSignUp(api);
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    const step = await enterCode(user);
    expect(await within(step).findByText('OTP has expired. Please request a new one.')).toBeInTheDocument();
  });

  it('a mobile proved by somebody else meanwhile goes back to the details, on the mobile field', async () => {
    const api = createFakeApi();
    const taken = 'An account with this mobile number already exists';
    api.failNext('register', new ApiError(409, [taken], { mobile: taken }));
    const { user } = renderSignUp(api);
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    await enterCode(user);
    expect(await within(form()).findByText(taken)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a failure without a server message reports the spec §8 fallback', async () => {
    const api = createFakeApi();
    api.register = async () => {
      throw new Error('socket hang up');
    };
    const { user } = renderSignUp(api);
    await fillValid(user);
    await user.click(within(form()).getByRole('button', { name: 'Create account' }));
    const step = await enterCode(user);
    expect(await within(step).findByText('Registration failed')).toBeInTheDocument();
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
    await enterCode(user);
    await screen.findByText('Registration successful');
    expect(store.ui.showSignUpModal).toBe(false);
    expect(store.auth.isAuthenticated).toBe(true);
  });
});
