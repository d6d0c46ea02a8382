import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { signOutFromAccount } from './support/accountPages';
import { answer, API, HEADERS, registerShopper } from './support/shopper';
import { signIn } from './support/signIn';

/**
 * Changing what an account is in My Account against the real API server: the password, the e-mail (at the
 * code mailed to the new address), and a forgotten password's reset link.
 */

test('change the password, then sign in with the new one', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-account/password');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Old password').fill(customer.password);
  await form.getByLabel('New password', { exact: true }).fill('Fresh#456');
  await form.getByLabel('Confirm new password').fill('Other#456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Passwords must match')).toBeVisible();
  await form.getByLabel('Confirm new password').fill('Fresh#456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully').first()).toBeVisible();

  await signOutFromAccount(page);
  await signIn(page, customer.email, 'Fresh#456');
});

test('change the e-mail: it changes at the OTP mailed to the new address, then signs in there', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  const moved = `moved.${customer.email}`;
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-account');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(moved);
  await form.getByLabel('Current password').fill(customer.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  const verify = page.getByRole('form', { name: 'Verify email' });
  await expect(verify.getByText(moved)).toBeVisible();
  await expect(verify.getByLabel('OTP')).toBeFocused();
  expect(await axeViolations(page, 'form[aria-label="Verify email"]')).toEqual([]);
  // A reload (or another device) comes back to the code step: the address waits on the account.
  await page.reload();
  await expect(verify.getByText(moved)).toBeVisible();
  // The new address's mailbox (the development outbox) holds the code (the API tests check the notice's timing).
  const mails = await answer<{ data: { subject: string }[] }>(
    await request.get(`${API}/dev/outbox?to=${encodeURIComponent(moved)}`, { headers: HEADERS }),
    'outbox',
  );
  const code = /^(\d{6}) is your/.exec(mails.data[0]?.subject ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await verify.getByLabel('OTP').fill(code);
  await verify.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Email updated successfully').first()).toBeVisible();
  await expect(page.getByText(moved).first()).toBeVisible();

  await signOutFromAccount(page);
  await signIn(page, moved, customer.password);
});

test('forgot password: the reset link sets a new password', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  await page.goto('/forgot-password');
  const form = page.getByRole('form', { name: 'Forgot password' });
  await form.getByLabel('Email').fill(customer.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('link', { name: 'Open the reset link (development)' }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel('New password', { exact: true }).fill('Reset$789');
  await reset.getByLabel('Confirm new password').fill('Reset$789');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, customer.email, 'Reset$789');
});
