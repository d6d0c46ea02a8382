import { screen, within } from '@testing-library/react';
import { createFakeApi, renderWithStores } from '@storefront/shared/testing';
import MyAccountPage from '../MyAccountPage';

function renderPassword(api = createFakeApi()) {
  return renderWithStores(<MyAccountPage />, { api, signedIn: true, route: '/my-account/password', path: '/my-account/*' });
}

const form = () => screen.getByRole('form', { name: 'Change password' });

describe('Change password', () => {
  it('shows the spec §5 messages: old password, password rules, confirmation', async () => {
    const { user, api } = renderPassword();
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByText('Old password is required')).toBeInTheDocument();
    expect(within(form()).getByText('Password is required')).toBeInTheDocument();
    expect(within(form()).getByText('This field is required')).toBeInTheDocument();

    await user.type(within(form()).getByLabelText('Old password'), 'Secret@1');
    await user.type(within(form()).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'Other#456');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByText('Passwords must match')).toBeInTheDocument();
    expect(api.callsOf('changePassword')).toHaveLength(0);
  });

  it('a wrong old password lands on its field', async () => {
    const { user } = renderPassword();
    await user.type(within(form()).getByLabelText('Old password'), 'Nope@111');
    await user.type(within(form()).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'Fresh#456');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await within(form()).findByText('Old password is incorrect')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Old password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByLabelText('Old password')).toHaveFocus();
  });

  it('changes the password, says so and clears the form', async () => {
    const { user, api } = renderPassword();
    await user.type(within(form()).getByLabelText('Old password'), 'Secret@1');
    await user.type(within(form()).getByLabelText('New password'), 'Fresh#456');
    await user.type(within(form()).getByLabelText('Confirm new password'), 'Fresh#456');
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully. Other devices have been signed out.')).toBeInTheDocument();
    expect(api.callsOf('changePassword')).toEqual([
      [{ old_password: 'Secret@1', new_password: 'Fresh#456', confirm_password: 'Fresh#456' }],
    ]);
    expect(api.state.customers[0]?.password).toBe('Fresh#456');
    expect(within(form()).getByLabelText('Old password')).toHaveValue('');
    expect(within(form()).getByLabelText('New password')).toHaveValue('');
  });
});
