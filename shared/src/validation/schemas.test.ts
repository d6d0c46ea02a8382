import {
  cancelOrderSchema,
  changePasswordSchema,
  checkoutAddressSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
} from './schemas';
import { validateForm } from './validateForm';

describe('spec §5 form messages', () => {
  it('login needs a valid email and a password', async () => {
    expect(await validateForm(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(await validateForm(loginSchema, { email: 'nope', password: 'x' })).toEqual({ email: 'Must be a valid email address' });
    expect(await validateForm(loginSchema, { email: 'a@b.in', password: 'x' })).toEqual({});
  });

  it('registration checks names, password strength, phone and terms', async () => {
    const errors = await validateForm(registrationSchema, {
      firstName: 'A',
      lastName: 'x'.repeat(51),
      email: 'a@b.in',
      password: 'abcdef',
      mobile: '0123456789',
      terms: false,
    });
    expect(errors).toEqual({
      firstName: 'Must be at least 2 characters',
      lastName: 'Cannot exceed 50 characters',
      password: 'Must contain at least one special character',
      mobile: 'Must be a valid 10-digit number',
      terms: 'Please accept the terms & conditions',
    });
    const short = await validateForm(registrationSchema, {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'a@b.in',
      password: 'a@1',
      mobile: '',
      terms: true,
    });
    expect(short).toEqual({ password: 'Password must be at least 6 characters', mobile: 'Phone number is required' });
  });

  it('reset and change password must match', async () => {
    expect(await validateForm(resetPasswordSchema, { password: 'Secret@1', confirm_password: 'Secret@2' })).toEqual({
      confirm_password: 'Passwords must match',
    });
    expect(await validateForm(changePasswordSchema, { old_password: '', new_password: 'Secret@1', confirm_password: 'Secret@1' })).toEqual({
      old_password: 'Old password is required',
    });
  });

  it('checkout address: pincode of 6 digits, optional alternate phone, city and state', async () => {
    const e = await validateForm(checkoutAddressSchema, {
      email: 'a@b.in',
      firstname: 'Asha',
      lastname: 'Rao',
      address: '',
      pincode: '5600',
      alt_phone_number: '12',
      city: '',
      state: '',
    });
    expect(e).toEqual({
      address: 'Address is required',
      pincode: 'Must be a valid 6-digit pincode',
      alt_phone_number: 'Must be a valid 10-digit number',
      city: 'City is required',
      state: 'State is required',
    });
    const ok = await validateForm(checkoutAddressSchema, {
      email: 'a@b.in',
      firstname: 'Asha',
      lastname: 'Rao',
      address: '12 MG Road',
      pincode: '560001',
      alt_phone_number: '',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    expect(ok).toEqual({});
  });

  it('cancel order: a reason from the list, and a text for Other', async () => {
    expect(await validateForm(cancelOrderSchema, { reject_reason_select: '' })).toEqual({ reject_reason_select: 'Please select a reason' });
    expect(await validateForm(cancelOrderSchema, { reject_reason_select: 'Bored' })).toEqual({
      reject_reason_select: 'Please select a valid reason',
    });
    expect(await validateForm(cancelOrderSchema, { reject_reason_select: 'Other', reject_reason_input: '' })).toEqual({
      reject_reason_input: 'Please specify your reason',
    });
    expect(await validateForm(cancelOrderSchema, { reject_reason_select: 'Other', reject_reason_input: '   ' })).toEqual({
      reject_reason_input: 'Please specify your reason',
    });
    expect(await validateForm(cancelOrderSchema, { reject_reason_select: 'Payment Issue' })).toEqual({});
  });
});
