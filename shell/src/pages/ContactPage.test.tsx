import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import ContactPage from './ContactPage';

function renderContact() {
  return renderWithStores(<ContactPage />, { route: '/contact' });
}

type User = ReturnType<typeof renderContact>['user'];

// Typing a whole form key by key is slow on a busy machine.
jest.setTimeout(20_000);

async function put(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fill(user: User) {
  await put(user, 'First name', 'Priya');
  await put(user, 'Last name', 'Sharma');
  await put(user, 'Email', 'priya@example.in');
  await put(user, 'Phone number', '9812345678');
  await user.selectOptions(screen.getByLabelText('Subject'), 'Returns and refunds');
  await put(user, 'Message', 'My kurta is too small. Can I exchange it for an L?');
}

const send = () => screen.getByRole('button', { name: 'Send message' });

describe('contact page', () => {
  it('has one h1 and the contact details', () => {
    renderContact();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact Us');
    expect(screen.getByText('11:00 AM to 08:00 PM, Monday - Saturday')).toBeInTheDocument();
  });

  it('shows the spec §5 messages for an empty form and moves focus to the first problem', async () => {
    const { user, api } = renderContact();
    await user.click(send());
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(api.callsOf('submitContact')).toHaveLength(0);
  });

  it('checks name length, e-mail and phone formats', async () => {
    const { user } = renderContact();
    await user.type(screen.getByLabelText('First name'), 'P');
    await user.type(screen.getByLabelText('Email'), 'priya@');
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.click(send());
    expect(await screen.findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Must be a valid 10-digit number')).toBeInTheDocument();
    // Editing a field clears its message.
    await user.type(screen.getByLabelText('First name'), 'riya');
    expect(screen.queryByText('Must be at least 2 characters')).not.toBeInTheDocument();
  });

  it("posts the form with the subscribe flag, says 'Form submitted successfully' and can be reset", async () => {
    const { user, api } = renderContact();
    await fill(user);
    await user.click(screen.getByLabelText('Send me new arrivals and offers by e-mail'));
    await user.click(send());
    expect(await screen.findByRole('heading', { name: 'Form submitted successfully' })).toBeInTheDocument();
    expect(api.callsOf('submitContact')).toEqual([
      [
        {
          firstname: 'Priya',
          lastname: 'Sharma',
          email: 'priya@example.in',
          phone_number: '9812345678',
          subject: 'Returns and refunds',
          message: 'My kurta is too small. Can I exchange it for an L?',
          subscribe: true,
        },
      ],
    ]);
    // The toast says it too.
    await waitFor(() => expect(screen.getAllByText('Form submitted successfully')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Send me new arrivals and offers by e-mail')).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Form submitted successfully' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to submit form' when the server gives no message, and the server's message when it does", async () => {
    const { user, api } = renderContact();
    await fill(user);
    api.failNext('submitContact', new ApiError(0, []));
    await user.click(send());
    expect(await screen.findAllByText('Failed to submit form')).not.toHaveLength(0);
    expect(screen.getByLabelText('First name')).toHaveValue('Priya');

    api.failNext(
      'submitContact',
      new ApiError(400, ['The phone number is not valid for India.'], { phone_number: 'The phone number is not valid for India.' }),
    );
    await user.click(send());
    await waitFor(() => expect(screen.getAllByText('The phone number is not valid for India.').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables the button while sending', async () => {
    const { user, api } = renderContact();
    await fill(user);
    const release = api.holdNext('submitContact');
    await user.click(send());
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Form submitted successfully' })).toBeInTheDocument();
  });
});
