import type { Api } from '@storefront/shared';
import { PAYMENT_FAILED_MESSAGE, TestPaymentProvider } from './TestPaymentProvider';

type Confirm = Api['confirmTestPayment'];

function providerWith(confirm: Confirm) {
  return new TestPaymentProvider({ confirmTestPayment: confirm });
}

describe('TestPaymentProvider', () => {
  it('is labelled as test mode', () => {
    const p = providerWith(async () => null);
    expect(p.testMode).toBe(true);
    expect(p.label).toMatch(/test/i);
  });

  it('confirms a successful payment with the server and returns the paid orders', async () => {
    const calls: Parameters<Confirm>[0][] = [];
    const p = providerWith(async (payload) => {
      calls.push(payload);
      return { success: true, data: { orders: [] } };
    });
    await expect(p.confirm('pay_1', 'success')).resolves.toEqual({ ok: true, orders: [] });
    expect(calls).toEqual([{ payment_id: 'pay_1', outcome: 'success' }]);
  });

  it('reports a failed payment', async () => {
    const p = providerWith(async () => ({ success: true, data: { orders: [] } }));
    await expect(p.confirm('pay_2', 'failure')).resolves.toEqual({ ok: false, message: PAYMENT_FAILED_MESSAGE, orders: [] });
  });

  it('treats an unsuccessful answer to a success request as a failure with the server message', async () => {
    const p = providerWith(async () => ({ success: false, message: 'Payment already processed' }));
    await expect(p.confirm('pay_3', 'success')).resolves.toMatchObject({ ok: false, message: 'Payment already processed' });
  });
});
