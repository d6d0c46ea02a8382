/**
 * What a shopper is told about a one-time code that did not check out, whatever it proves (a mobile, a
 * new e-mail): written once for domain/otp and domain/account.
 */
import type { OtpCheck } from '../db/repositories/otps';
import { fieldError, tooMany } from '../lib/errors';

export const NO_CODE = 'Please request an OTP first';

/** Returns for a right code; throws the answer for every other outcome (400 on the `otp` field, or 429). */
export function acceptCode(result: OtpCheck): void {
  if (result === 'ok') return;
  if (result === 'locked' || result === 'spent') throw tooMany('Too many wrong attempts. Please request a new OTP.');
  if (result === 'expired') throw fieldError('otp', 'OTP has expired. Please request a new one.');
  if (result === 'missing') throw fieldError('otp', NO_CODE);
  throw fieldError('otp', 'Invalid OTP');
}
