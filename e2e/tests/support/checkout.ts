import { expect, type Page } from '@playwright/test';

/** The checkout form (the header and footer have their own e-mail and address controls). */
export const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });

/**
 * Fills the checkout's shipping address as a shopper does: the address, then a state and a city once
 * their lists have arrived from the API (the city list follows the state), then the pincode.
 */
export async function fillShippingAddress(page: Page, { address = '12 MG Road, Indiranagar', pincode = '560038' } = {}): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel('Address', { exact: true }).fill(address);
  const state = form.getByLabel('State', { exact: true });
  await expect(state.locator('option')).not.toHaveCount(1);
  await state.selectOption({ label: 'Karnataka' });
  const city = form.getByLabel('City', { exact: true });
  await expect(city.locator('option')).not.toHaveCount(1);
  await city.selectOption({ index: 1 });
  await form.getByLabel('Pincode').fill(pincode);
}
