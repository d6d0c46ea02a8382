import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@storefront/shared/router';
import { createFakeApi, makeCustomer, renderWithStores } from '@storefront/shared/testing';
import SignInPage from './SignInPage';
import SignUpPage from '../SignUpPage/SignUpPage';

/** Sign-in and sign-up as the shell routes them, so the not-registered hand-over can be followed. */
function renderSignIn(api = createFakeApi()) {
  return renderWithStores(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { route: '/signin', api },
  );
}

const emailForm = () => screen.getByRole('form', { name: 'Sign in with email' });

describe('SignInPage: e-mail and password', () => {
  it('shows the login schema messages and makes no call (spec §5)', async () => {
    const { user, api } = renderSignIn();
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    expect(await within(emailForm()).findByText('Email is required')).toBeInTheDocument();
    expect(within(emailForm()).getByText('Password is required')).toBeInTheDocument();
    expect(within(emailForm()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(emailForm()).getByLabelText('Email')).toHaveFocus();

    await user.type(within(emailForm()).getByLabelText('Email'), 'not-an-email');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    expect(await within(emailForm()).findByText('Must be a valid email address')).toBeInTheDocument();
    expect(api.callsOf('login')).toHaveLength(0);
  });

  it("says 'Login successful.', signs in and goes to /", async () => {
    const { user, store, location } = renderSignIn();
    await user.type(within(emailForm()).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(emailForm()).getByLabelText('Password'), 'Secret@1');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.customer?.firstname).toBe('Asha');
  });

  it('a wrong password shows the server message, keeps the error and stays on /signin', async () => {
    const { user, store, location } = renderSignIn();
    await user.type(within(emailForm()).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(emailForm()).getByLabelText('Password'), 'Wrong@99');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    // Under the form, and as a toast.
    expect(await within(emailForm()).findByText('Invalid email or password')).toBeInTheDocument();
    expect(await screen.findAllByText('Invalid email or password')).toHaveLength(2);
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.auth.error).toBe('Invalid email or password');
    expect(location()).toBe('/signin');
  });

  it('an unsuccessful answer asks to verify the e-mail and leaves the shopper signed out', async () => {
    const api = createFakeApi();
    api.login = async () => ({ success: false, message: 'Account not verified' });
    const { user, store, location } = renderSignIn(api);
    await user.type(within(emailForm()).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(emailForm()).getByLabelText('Password'), 'Secret@1');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    expect(await within(emailForm()).findByText('Please verify your email before logging in.')).toBeInTheDocument();
    expect(store.auth.isAuthenticated).toBe(false);
    expect(location()).toBe('/signin');
  });

  it('after sign-in the guest cart is synced once, by the session (not by the page)', async () => {
    const api = createFakeApi();
    const { user, store } = renderSignIn(api);
    const [product] = api.state.products;
    await act(() => store.cart.addItem(product!, product!.variations[0]!, 2));
    await user.type(within(emailForm()).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(emailForm()).getByLabelText('Password'), 'Secret@1');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Home page');
    await waitFor(() => expect(api.callsOf('getWishlist')).toHaveLength(1));
    expect(api.callsOf('syncGuestCart')).toHaveLength(1);
    expect(api.state.cart).toHaveLength(1);
    expect(api.state.cart[0]?.quantity).toBe(2);
  });
});

describe('SignInPage: mobile OTP', () => {
  async function chooseOtp(user: ReturnType<typeof renderSignIn>['user']) {
    await user.click(screen.getByRole('button', { name: 'Mobile OTP' }));
    return screen.getByRole('form', { name: 'Sign in with mobile OTP' });
  }

  it('checks the number before sending (spec §5 phone messages)', async () => {
    const { user, api } = renderSignIn();
    const form = await chooseOtp(user);
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));
    expect(await within(form).findByText('Phone number is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Mobile number'), '0123456789');
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));
    expect(await within(form).findByText('Must be a valid 10-digit number')).toBeInTheDocument();
    expect(api.callsOf('sendLoginOtp')).toHaveLength(0);
  });

  it('sends the code (the toast shows it), refuses a wrong code, then signs in and goes to /', async () => {
    const { user, api, store, location } = renderSignIn();
    const form = await chooseOtp(user);
    await user.type(within(form).getByLabelText('Mobile number'), '9876543210');
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));

    const verify = await screen.findByRole('form', { name: 'Verify OTP' });
    expect(api.callsOf('sendLoginOtp')).toEqual([['9876543210']]);
    expect(store.auth.loginSent).toBe(true);
    expect(await screen.findByText('OTP sent successfully: 123456')).toBeInTheDocument();
    expect(within(verify).getByLabelText('OTP')).toHaveFocus();

    await user.click(within(verify).getByRole('button', { name: 'Verify OTP' }));
    expect(await within(verify).findByText('Please enter the OTP')).toBeInTheDocument();

    await user.type(within(verify).getByLabelText('OTP'), '000000');
    await user.click(within(verify).getByRole('button', { name: 'Verify OTP' }));
    expect(await within(verify).findByText('Invalid OTP')).toBeInTheDocument();
    expect(store.auth.isAuthenticated).toBe(false);

    await user.clear(within(verify).getByLabelText('OTP'));
    await user.type(within(verify).getByLabelText('OTP'), '123456');
    await user.click(within(verify).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.verified).toBe(true);
    expect(api.callsOf('verifyLoginOtp')).toEqual([[{ mobile: '9876543210', otp: '000000' }], [{ mobile: '9876543210', otp: '123456' }]]);
  });

  it("a number that is 'not registered' goes to sign-up with the mobile filled in (spec §4)", async () => {
    const { user, location } = renderSignIn();
    const form = await chooseOtp(user);
    await user.type(within(form).getByLabelText('Mobile number'), '9123456780');
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));

    const signUp = await screen.findByRole('form', { name: 'Create account' });
    expect(location()).toBe('/signup');
    expect(within(signUp).getByLabelText('Mobile number')).toHaveValue('9123456780');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(await screen.findByText('Mobile number is not registered. Please sign up.')).toBeInTheDocument();
  });

  it('a number an account holds unproven: the advice and the e-mail sign-in, not sign-up (issue 34)', async () => {
    const api = createFakeApi({
      customers: [{ ...makeCustomer({ phone_number: '9123456780', mobile_verified: false }), password: 'Secret@1' }],
    });
    const { user, location } = renderSignIn(api);
    const form = await chooseOtp(user);
    await user.type(within(form).getByLabelText('Mobile number'), '9123456780');
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));

    const advice = await screen.findByRole('alert');
    expect(advice).toHaveTextContent(
      'This mobile number is not verified yet. Sign in with your email and password and verify this number in My Account.',
    );
    expect(location()).toBe('/signin');
    expect(screen.queryByRole('form', { name: 'Verify OTP' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not registered/)).not.toBeInTheDocument();

    await user.click(within(advice).getByRole('button', { name: 'Sign in with email & password' }));
    expect(emailForm()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email & password' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(within(emailForm()).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(emailForm()).getByLabelText('Password'), 'Secret@1');
    await user.click(within(emailForm()).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('a failed send shows the server message and stays on the number', async () => {
    const api = createFakeApi();
    api.failNext('sendLoginOtp', 'Too many requests, try again later');
    const { user } = renderSignIn(api);
    const form = await chooseOtp(user);
    await user.type(within(form).getByLabelText('Mobile number'), '9876543210');
    await user.click(within(form).getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in with mobile OTP' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Verify OTP' })).not.toBeInTheDocument();
  });
});
