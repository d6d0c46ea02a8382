import { expect, type Page } from '@playwright/test';

/**
 * Signs a registered customer in as a shopper does: the sign-in page's e-mail form, filled once the
 * page's scripts run, then home (spec §4: a password sign-in goes to /). `site` is the base URL of a
 * spec's own host; without it the configured baseURL serves the page.
 */
export async function signIn(page: Page, email: string, password: string, { site = '' }: { site?: string } = {}): Promise<void> {
  await page.goto(`${site}/signin`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Sign in with email' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}
