import type { Message } from './types';

/** The words the shop sends its own staff (the shopper notices are in texts.ts and orderNotices.ts). */

/** The second factor of a staff sign-in, to the member's e-mail. */
export function staffSignInCodeEmail(shopName: string, email: string, name: string, code: string, minutes: number): Message {
  return {
    channel: 'email',
    to: email,
    subject: `${code} is your ${shopName} back office code`,
    text: `Hello ${name},\n\nEnter ${code} within ${minutes} minutes to finish signing in to the ${shopName} back office. Never share this code.\n\nIf you did not just sign in, somebody knows your password: change it, and tell the shop's owner.`,
    vars: { code },
  };
}
