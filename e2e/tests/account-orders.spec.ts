import { expect, test } from '@playwright/test';
import { placeOrder, registerShopper } from './support/shopper';
import { signIn } from './support/signIn';

/**
 * A shopper's orders in My Account against the real API server: the drawer, cancelling, a long history,
 * and a guest tracking an order by its number. Orders are placed through the API.
 */

test('orders: open the drawer, copy the number, cancel with a reason and see the new status', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const customer = await registerShopper(request, 'acc');
  const orderNumber = await placeOrder(request, customer);
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-account/orders');
  await expect(page).toHaveTitle(/My Orders/);
  const orders = page.getByRole('list', { name: 'Orders' });
  const row = orders.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Order Placed');
  await expect(row).toContainText('₹');

  await row.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) }).click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Free');
  await expect(drawer).toContainText('COD');
  await expect(drawer).toContainText('Bengaluru');
  await drawer.getByRole('button', { name: `Copy order number ${orderNumber}` }).click();
  await expect(drawer.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber);
  await expect(drawer.getByRole('button', { name: `Copy order number ${orderNumber}` })).toBeVisible({ timeout: 4000 });

  await drawer.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog.getByText('Please select a reason')).toBeVisible();
  await dialog.getByLabel('Reason for cancellation').selectOption('Other');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog.getByText('Please specify your reason')).toBeVisible();
  await dialog.getByLabel('Reason for cancellation').selectOption('Changed My Mind');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Cancelled');
  // A cancelled order can no longer be cancelled.
  await expect(row.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
});

test('a long order history: every order is listed, the ones after the first screenful too, and opens its details', async ({
  page,
  request,
}) => {
  const customer = await registerShopper(request, 'acc');
  // More orders than the first screenful the page renders with the answer (issue 19: the rest follow).
  const placed: string[] = [];
  for (let i = 0; i < 7; i++) placed.push(await placeOrder(request, customer));
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /did not match|Minified React error/i.test(m.text())) problems.push(m.text());
  });
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-account/orders');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const rows = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(rows).toHaveCount(placed.length);
  for (const orderNumber of placed) await expect(rows.filter({ hasText: orderNumber })).toHaveCount(1);
  // The oldest order is the last card, rendered after the first screenful: it opens like the others.
  const oldest = placed[0]!;
  await expect(rows.last()).toContainText(oldest);
  await rows
    .last()
    .getByRole('button', { name: new RegExp(`Order ${oldest}`) })
    .click();
  await expect(page.getByRole('dialog', { name: 'Order Details' })).toContainText(oldest);
  expect(problems).toEqual([]);
});

test('an unpaid prepaid order can be cancelled by its shopper; once cancelled it offers no cancel', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  // Prepaid orders wait in payment_pending until paid; the shopper may cancel one at any time (issue 14).
  const orderNumber = await placeOrder(request, customer, 'prepaid');
  await signIn(page, customer.email, customer.password);
  await page.goto('/my-account/orders');
  const row = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Payment Pending');
  await row.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await dialog.getByLabel('Reason for cancellation').selectOption('Payment Issue');
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await row.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) }).click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer).toContainText('Prepaid');
  await expect(drawer.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('a guest tracks an order by its number', async ({ page, request }) => {
  const customer = await registerShopper(request, 'acc');
  const orderNumber = await placeOrder(request, customer);
  await page.goto('/track-order');
  await expect(page).toHaveTitle(/Track Order/);
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`/track-order/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Order progress' });
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(1);
  await expect(steps.locator('[aria-current="step"]')).toContainText(/placed/i);

  await page.getByLabel('Order number').fill('NO-SUCH-ORDER');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /not found|no order/i })).toBeVisible();
});
