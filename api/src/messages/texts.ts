import type { Message } from './types';

/**
 * The words of every message the shop sends, in one place and named for the shop (`SHOP_NAME`): what the
 * shopper reads in an SMS or an e-mail is the shop's voice, not the software's. An SMS gateway in India
 * delivers only texts matching a template registered on DLT, so the OTP text is kept here where it can be
 * compared with that template.
 */

/** The one-time code by SMS (sign-in, checkout, mobile verification). */
export function otpCodeSms(shopName: string, mobile: string, code: string, minutes: number): Message {
  return {
    channel: 'sms',
    to: mobile,
    subject: 'Your one-time code',
    text: `${code} is your ${shopName} one-time code. It expires in ${minutes} minutes. Do not share it with anyone.`,
    vars: { code, minutes: String(minutes) },
  };
}

/** The password reset link by e-mail. */
export function passwordResetEmail(shopName: string, email: string, firstName: string, link: string, minutes: number): Message {
  return {
    channel: 'email',
    to: email,
    subject: `Reset your ${shopName} password`,
    text: `Hello ${firstName || 'there'},\n\nOpen this link within ${minutes} minutes to choose a new ${shopName} password:\n${link}\n\nIf you did not ask for this, ignore this email; your password stays as it is.`,
    vars: { link },
  };
}
