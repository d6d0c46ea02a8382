import { expect, test } from '@playwright/test';
import { outbox, outboxCode } from './support/outbox';
import { enterSignUpCode, signInByCode, signOutFromAccount, signUpDetails, verifyMobile } from './support/accountPages';
import { PASSWORD, registerShopper, unique } from './support/shopper';
import { signIn } from './support/signIn';

/**
 * Signing up and in, in the composed site against the real API server: sign-up proving the mobile,
 * sign-out, sign-in by password and by one-time code, cross-tab sign-in and sign-out, the form checks.
 * Every test makes its own customer through the API.
 */

test('sign up proving the mobile, sign out, sign in by code to the same account, then with the password', async ({ page, request }) => {
  const { email, mobile } = unique('acc');
  await page.goto('/signup');
  await expect(page).toHaveTitle(/Sign Up/);
  const form = page.getByRole('form', { name: 'Create account' });
  // Empty submit shows the spec's messages beside the fields.
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Please accept the terms & conditions')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await signUpDetails(page, email, mobile);
  // A wrong code says so and stays on the step.
  const step = page.getByRole('form', { name: 'Verify mobile number' });
  const code = await outboxCode(request, mobile);
  await step.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
  await step.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(step.getByText('Invalid OTP')).toBeVisible();
  await enterSignUpCode(page, request, mobile);
  // No e-mail verification on the reference server: registered and signed in, so the guest-only
  // /signin sends the shopper on to /.
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/my-account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(`${mobile} (verified)`)).toBeVisible();
  await signOutFromAccount(page);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/signin$/);

  // The mobile proved at sign-up signs in by code, to the same account.
  await signInByCode(page, request, mobile, code);
  await page.goto('/my-account');
  await expect(page.getByText(email)).toBeVisible();
  await signOutFromAccount(page);

  await signIn(page, email, PASSWORD);
  await page.goto('/my-account');
  await expect(page.getByLabel('First name')).toHaveValue('Ravi');
});

test('a wrong password is refused and the shopper stays on sign-in', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Sign in with email' });
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Password', { exact: true }).fill('Wrong@999');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign in with a one-time code sent to the mobile', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  await verifyMobile(request, customer);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Mobile OTP' }).click();
  const form = page.getByRole('form', { name: 'Sign in with mobile OTP' });
  await form.getByLabel('Mobile number').fill(customer.mobile);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/login/otp') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send OTP' }).click();
  const body = (await (await sent).json()) as { data?: { otp?: string } };
  const otp = body.data?.otp;
  expect(otp, 'the development API returns the code').toBeTruthy();

  const verify = page.getByRole('form', { name: 'Verify OTP' });
  await verify.getByLabel('OTP').fill('000000' === otp ? '111111' : '000000');
  await verify.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(verify.getByText('Invalid OTP')).toBeVisible();

  await verify.getByLabel('OTP').fill(otp ?? '');
  await verify.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-account');
  await expect(page.getByText(customer.email)).toBeVisible();
});

test('a mobile an account holds unproven: the OTP sign-in offers the e-mail sign-in; a shopper who proves it at sign-up gets it', async ({
  page,
  request,
}) => {
  // An account made through the API without a code holds the mobile unproven.
  const claimer = await registerShopper(request, 'acc');
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Mobile OTP' }).click();
  const form = page.getByRole('form', { name: 'Sign in with mobile OTP' });
  await form.getByLabel('Mobile number').fill(claimer.mobile);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  const advice = page.getByRole('alert').filter({ hasText: 'This mobile number is not verified yet.' });
  await expect(advice).toContainText('Sign in with your email and password and verify this number in My Account.');
  await expect(page.getByText(/not registered/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin$/);
  await advice.getByRole('button', { name: 'Sign in with email & password' }).click();
  await expect(page.getByRole('form', { name: 'Sign in with email' })).toBeVisible();

  // A second shopper proves the number at sign-up: it is theirs, and the first account's owner is told.
  const { email } = unique('acc');
  await page.goto('/signup');
  await signUpDetails(page, email, claimer.mobile);
  await enterSignUpCode(page, request, claimer.mobile);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-account');
  await expect(page.getByText(`${claimer.mobile} (verified)`)).toBeVisible();
  await expect
    .poll(async () => (await outbox(request, claimer.email)).map((m) => m.subject))
    .toContain('A mobile number was removed from your Storefront account');
});

test('an unregistered mobile leads to sign-up with the number filled in', async ({ page }) => {
  const { mobile } = unique('acc');
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Mobile OTP' }).click();
  const form = page.getByRole('form', { name: 'Sign in with mobile OTP' });
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByRole('form', { name: 'Create account' }).getByLabel('Mobile number')).toHaveValue(mobile);
});

test('logging out in one tab signs out the other tab', async ({ context, request }) => {
  const customer = await registerShopper(request, 'acc');
  const first = await context.newPage();
  await signIn(first, customer.email, customer.password);
  const second = await context.newPage();
  await second.goto('/my-account/orders');
  await expect(second.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  await signOutFromAccount(first);
  await expect(second).toHaveURL(/\/signin$/);
  await expect(second.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('signing in in one tab signs in the other tab', async ({ context, request }) => {
  const customer = await registerShopper(request, 'acc');
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/signin');
  await expect(second.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await signIn(first, customer.email, customer.password);
  // The other tab adopts the saved session: its guest-only sign-in page moves on to /.
  await expect(second).toHaveURL(/\/$/);
  await second.goto('/my-account');
  await expect(second.getByText(customer.email)).toBeVisible();
});

test('sign-in and sign-up load the form checks on first use, and the spec messages show on the first submit', async ({ page }) => {
  // yup (the shared validation entry) is the one script that throws its ValidationError: which
  // scripts the page ran is told by their text, since chunk names are build numbers.
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.push(res.text().catch(() => ''));
  });
  const yupLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('ValidationError'));

  for (const [url, formName, button, message] of [
    ['/signin', 'Sign in with email', 'Sign in', 'Email is required'],
    ['/signup', 'Create account', 'Create account', 'Please accept the terms & conditions'],
  ] as const) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    if (url === '/signin') expect(await yupLoaded(), 'no form checks before the shopper uses a form').toBe(false);
    const form = page.getByRole('form', { name: formName });
    await form.getByRole('button', { name: button }).click();
    await expect(form.getByText(message)).toBeVisible();
    expect(await yupLoaded()).toBe(true);
  }
});
