import { render, screen } from '@testing-library/react';
import { Field, InputField } from './Field';

describe('Field (issue 18: one form field for every section)', () => {
  it('binds the label, and links the hint and the error to the control, which is marked invalid', () => {
    render(<InputField id="f-email" name="email" label="Email" hint="We send the receipt here" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send the receipt here Email is required');
  });

  it('without an error the control is not invalid and describes only its hint', () => {
    render(<InputField id="f-pin" name="pincode" label="Pincode" hint="6 digits" />);
    const input = screen.getByLabelText('Pincode');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('6 digits');
  });

  it('a required field says so to screen readers, and shows a star that is not part of the label', () => {
    render(
      <Field id="f-subject" label="Subject" required>
        {(control) => (
          <select name="subject" {...control}>
            <option value="">Choose</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByLabelText('Subject');
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});
