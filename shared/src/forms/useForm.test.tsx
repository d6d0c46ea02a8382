import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/errors';
import { InputField } from '../ui/Field';
import { useForm } from './useForm';
import type { SchemaOf } from './submitForm';

type Values = { email: string; password: string };

/** A sign-in form as every section writes one: the hook's field props on inputs, its submit on the form. */
function SignIn({ send, schemaOf }: { send: (v: Values) => Promise<void>; schemaOf?: SchemaOf<Values> }) {
  const form = useForm<Values>(schemaOf ?? ((v) => v.staffSignInSchema), { email: '', password: '' }, { failure: 'Could not sign in' });
  const input = (name: keyof Values, label: string) => <InputField id={`t-${name}`} label={label} {...form.field(name)} />;
  return (
    <form onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate>
      {input('email', 'Email')}
      {input('password', 'Password')}
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      <button type="submit">{form.submitting ? 'Checking…' : 'Continue'}</button>
    </form>
  );
}

describe('useForm (the one way to hold a form)', () => {
  it("shows spec §5's messages, focuses the first problem and sends nothing; typing clears the field's message", async () => {
    const send = jest.fn(async () => undefined);
    const user = userEvent.setup();
    render(<SignIn send={send} />);
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it("puts the server's field errors under their fields (not a toast), ignoring fields the form has not", async () => {
    const refusal = new ApiError(400, ['Wrong password'], { password: 'Wrong password', otp: 'Not here' });
    const user = userEvent.setup();
    render(<SignIn send={() => Promise.reject(refusal)} />);
    await user.type(screen.getByLabelText('Email'), 'priya@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByText('Not here')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal naming only fields the form has not is said for the whole form, not lost', async () => {
    const refusal = new ApiError(400, ['The code has expired'], { otp: 'The code has expired' });
    const user = userEvent.setup();
    render(<SignIn send={() => Promise.reject(refusal)} />);
    await user.type(screen.getByLabelText('Email'), 'priya@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has expired');
  });

  it("reports any other failure once with the form's fallback, and sends one submission at a time", async () => {
    let release: () => void = () => undefined;
    const send = jest.fn(() => new Promise<void>((_, reject) => (release = () => reject(new ApiError(0, [])))));
    const user = userEvent.setup();
    render(<SignIn send={send} />);
    await user.type(screen.getByLabelText('Email'), 'priya@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Checking…' });
    await user.click(screen.getByRole('button', { name: 'Checking…' }));
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign in');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives the schema picker the values, so a form can check only what it holds', async () => {
    const send = jest.fn(async () => undefined);
    const user = userEvent.setup();
    // Only the e-mail is checked while no password is typed (the admin settings form picks what changed).
    render(<SignIn send={send} schemaOf={(v, values) => (values.password ? v.staffSignInSchema : v.staffSignInSchema.pick(['email']))} />);
    await user.type(screen.getByLabelText('Email'), 'priya@example.in');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'priya@example.in', password: '' }));
  });
});
