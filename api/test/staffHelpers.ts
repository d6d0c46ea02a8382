import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@storefront/contract';
import { addStaff } from '../src/cli/staffAdd';
import { systemClock } from '../src/lib/clock';
import { ok, post, type TestApp } from './helpers';
import type { SmtpReceiver } from './receivers';

export const STAFF_PASSWORD = 'Staff@pass1';

let counter = 0;

/** A new member added as the command line does (no signed-in actor); returns their e-mail. */
export async function addMember(t: TestApp, role: StaffRole, password = STAFF_PASSWORD): Promise<string> {
  counter += 1;
  const email = `${role}${counter}.${Math.random().toString(36).slice(2, 7)}@shop.example.in`;
  await addStaff(t.db, t.config, systemClock, { email, name: `Member ${counter}`, role }, password);
  return email;
}

/**
 * Both sign-in steps, reading the code from the development answer, or in production from `mailbox` (the
 * SMTP stand-in's mails); returns the staff bearer.
 */
export async function signInStaff(app: FastifyInstance, email: string, password = STAFF_PASSWORD, mailbox?: SmtpReceiver): Promise<string> {
  const step = ok(await post<{ challenge: string; code?: string }>(app, '/staff/sign-in', { email, password }));
  const mailed = mailbox
    ? /\b(\d{6})\b is your/.exec([...mailbox.mails].reverse().find((m) => m.to.includes(email))?.raw ?? '')?.[1]
    : undefined;
  const session = ok(await post<{ token: string }>(app, '/staff/sign-in/verify', { challenge: step.challenge, code: step.code ?? mailed }));
  return session.token;
}

/** A new member of `role`, signed in. */
export async function staffToken(t: TestApp, role: StaffRole, mailbox?: SmtpReceiver): Promise<{ email: string; token: string }> {
  const email = await addMember(t, role);
  return { email, token: await signInStaff(t.app, email, STAFF_PASSWORD, mailbox) };
}
