import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@storefront/shared/router';
import { createFakeApi, renderWithStores } from '@storefront/shared/testing';
import ForgotPasswordPage from '../ForgotPasswordPage/ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

function renderReset(route: string, api = createFakeApi()) {
  return renderWithStores(
    <Routes>
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/signin" element={<p>Sign-in page</p>} />
    </Routes>,
    { route, api },
  );
}

describe('ForgotPasswordPage', () => {
  it('checks the e-mail, then shows the server message and (in development) the reset link', async () => {
    const { user, api } = renderReset('/forgot-password');
    const form = screen.getByRole('form', { name: 'Forgot password' });
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await within(form).findByText('Email is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email'), 'asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('link', { name: 'Open the reset link (development)' })).toHaveAttribute(
      'href',
      '/reset-password?token=reset-token-1',
    );
    expect(api.callsOf('forgotPassword')).toEqual([['asha@example.in']]);
    expect(screen.getAllByText('If the e-mail is registered, a reset link is on its way.').length).toBeGreaterThan(0);
  });

  it("a failure reports 'Something went wrong' when the server says nothing", async () => {
    const api = createFakeApi();
    api.forgotPassword = async () => {
      throw new Error('offline');
    };
    const { user } = renderReset('/forgot-password', api);
    const form = screen.getByRole('form', { name: 'Forgot password' });
    await user.type(within(form).getByLabelText('Email'), 'asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await within(form).findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it("passwords must match ('Passwords must match') and follow the password rules", async () => {
    const { user, api } = renderReset('/reset-password?token=reset-token-1');
    const form = screen.getByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Fresh#457');
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    expect(await within(form).findByText('Passwords must match')).toBeInTheDocument();
    expect(within(form).getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    expect(await within(form).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.callsOf('resetPasswordWithToken')).toHaveLength(0);
  });

  it('sends the token and the new password (its own confirmation), then goes to /signin', async () => {
    const { user, api, location } = renderReset('/reset-password?token=reset-token-1');
    const form = screen.getByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Fresh#456');
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(location()).toBe('/signin');
    expect(api.callsOf('resetPasswordWithToken')).toEqual([[{ token: 'reset-token-1', password: 'Fresh#456' }]]);
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
  });

  it('an expired link shows the server message and stays', async () => {
    const { user, location } = renderReset('/reset-password?token=old-token');
    const form = screen.getByRole('form', { name: 'Reset password' });
    await user.type(within(form).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Fresh#456');
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    expect(await within(form).findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    expect(location()).toBe('/reset-password?token=old-token');
  });

  it('without a token there is no form, only the way to ask for a new link', () => {
    renderReset('/reset-password');
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ask for a new one' })).toHaveAttribute('href', '/forgot-password');
  });
});
