import type { Message } from './types';

/**
 * The words of every message the shop sends, in one place and named for the shop (`SHOP_NAME`): what the
 * shopper reads in an SMS or an e-mail is the shop's voice, not the software's. An SMS gateway in India
 * delivers only texts matching a template registered on DLT, so the OTP text is kept here where it can be
 * compared with that template.
 *
 * No e-mail carries text a stranger typed (issue 35): an account's first name is whatever its maker wrote,
 * and e-mail addresses are not proved before a reset link or a code goes to them, so a name like "Claim
 * your prize at …" would reach anybody's inbox through the shop. The greeting is plain; the first name
 * parameter stays so callers need not change.
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
export function passwordResetEmail(shopName: string, email: string, _firstName: string, link: string, minutes: number): Message {
  return {
    channel: 'email',
    to: email,
    subject: `Reset your ${shopName} password`,
    text: `Hello,\n\nOpen this link within ${minutes} minutes to choose a new ${shopName} password:\n${link}\n\nIf you did not ask for this, ignore this email; your password stays as it is.`,
    vars: { link },
  };
}

/**
 * The code that proves a new e-mail address before the account moves to it: sent to the new address only,
 * so an address typed wrong, or somebody else's, never becomes the account's.
 */
export function emailChangeCodeEmail(shopName: string, email: string, _firstName: string, code: string, minutes: number): Message {
  return {
    channel: 'email',
    to: email,
    subject: `${code} is your ${shopName} e-mail code`,
    text: `Hello,\n\nEnter ${code} on ${shopName} within ${minutes} minutes to make this address your account's e-mail. Never share this code.\n\nIf you did not ask for this, ignore this email; no account will use this address.`,
    vars: { code },
  };
}

/**
 * A security notice to the address an account had, after its e-mail or password changed: the shopper who
 * did not make the change learns of it where an attacker who took the account cannot silence it.
 */
export function accountChangedEmail(
  shopName: string,
  email: string,
  _firstName: string,
  change: { newEmail?: string; password: boolean },
  storeUrl: string,
): Message {
  const what = [
    change.newEmail ? `The e-mail address of your ${shopName} account is now ${change.newEmail}.` : '',
    change.password ? `The password of your ${shopName} account was changed, and your other devices were signed out.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const contact = `${storeUrl}/contact`;
  // After a new e-mail this address no longer resets the password: only the shop can give the account back.
  const ifNotYou = change.newEmail
    ? `If you did not, write to us right away at ${contact}, quoting this e-mail: the account no longer answers to this address.`
    : `If you did not, reset your password now at ${storeUrl}/forgot-password with this address, and write to us at ${contact}.`;
  return {
    channel: 'email',
    to: email,
    subject: `Your ${shopName} account was changed`,
    text: `Hello,\n\n${what}\n\nIf you made this change, there is nothing to do. ${ifNotYou}`,
    vars: { link: contact },
  };
}

/**
 * To the owner of an account that held a mobile it never proved, after somebody proved that number is
 * theirs by a code sent to it (issue 34): the account no longer has it, and still signs in by e-mail.
 * No name in it: whoever registered typed both the name and the address, so neither is proved, and the
 * shop's mail must not carry a stranger's words.
 */
export function mobileClaimDroppedEmail(shopName: string, email: string, mobile: string, storeUrl: string): Message {
  const ending = mobile.slice(-4);
  return {
    channel: 'email',
    to: email,
    subject: `A mobile number was removed from your ${shopName} account`,
    text: `Hello,\n\nThe mobile number ending in ${ending} was on your ${shopName} account but had not been verified. Somebody has now proved with a one-time code sent to that number that it is theirs, so it is no longer on your account.\n\nYou still sign in with your email and password. If the number is yours, add it again in My Account (${storeUrl}/my-account) and verify it with the code we send to it.`,
    vars: { link: `${storeUrl}/my-account` },
  };
}
