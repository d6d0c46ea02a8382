import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { outboxCode } from './outbox';
import { answer, API, bearer, PASSWORD, type Shopper } from './shopper';

/** The account pages' flows the account-*.spec.ts journeys share: sign-out, sign-in by code, sign-up steps. */

export async function signOutFromAccount(page: Page): Promise<void> {
  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** Signs in on /signin by a code sent to the mobile, read from the development outbox. */
export async function signInByCode(page: Page, request: APIRequestContext, mobile: string, seen = ''): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Mobile OTP' }).click();
  const form = page.getByRole('form', { name: 'Sign in with mobile OTP' });
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  const verify = page.getByRole('form', { name: 'Verify OTP' });
  await expect(verify).toBeVisible();
  await verify.getByLabel('OTP').fill(await outboxCode(request, mobile, seen));
  await verify.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Fills the sign-up form's details and submits them: a code goes to the mobile (issue 34). */
export async function signUpDetails(page: Page, email: string, mobile: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill('Ravi');
  await form.getByLabel('Last name').fill('Kumar');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByLabel('I accept the terms & conditions').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('form', { name: 'Verify mobile number' })).toBeVisible();
}

/** Enters the code the mobile received and creates the account. */
export async function enterSignUpCode(page: Page, request: APIRequestContext, mobile: string): Promise<string> {
  const code = await outboxCode(request, mobile);
  const step = page.getByRole('form', { name: 'Verify mobile number' });
  await step.getByLabel('OTP').fill(code);
  await step.getByRole('button', { name: 'Verify and create account' }).click();
  return code;
}

/** Proves the customer's mobile by OTP (issue 13: only a verified mobile signs in by OTP). */
export async function verifyMobile(request: APIRequestContext, customer: Shopper): Promise<void> {
  const auth = bearer(customer);
  const sent = await answer<{ data: { otp: string } }>(
    await request.post(`${API}/customer/mobile/send-otp`, { headers: auth, data: { mobile: customer.mobile } }),
    'send mobile OTP',
  );
  await answer(
    await request.post(`${API}/customer/mobile/verify`, { headers: auth, data: { mobile: customer.mobile, otp: sent.data.otp } }),
    'verify mobile',
  );
}
