import { configProblems, loadConfig, loadPaymentConfig } from '../src/config';
import { checkoutSignature, sameSignature, webhookSignature, createProvider } from '../src/domain/payments';
import { KEYS } from './support/razorpayShop';

describe('signatures, against vectors computed by hand (openssl dgst -sha256 -hmac)', () => {
  // printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'w2lBtgmeuDUfnJVp43UpcaiT'
  const CHECKOUT_VECTOR = '8a86db7e397766e4978d8ab4c4011042141e76b07f93d923418f5739b8f97e55';
  // printf '%s' '<the body below>' | openssl dgst -sha256 -hmac 'whsec_local_test'
  const BODY =
    '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_29QQoUBi66xm2f","amount":24900,"currency":"INR","status":"captured","order_id":"order_DBJOWzybf0sJbb"}}}}';
  const WEBHOOK_VECTOR = '01bea1fc6fe106c6607b71549d22cfb3d548df4d1fd1f962daf2ed7480929e3a';

  it('checkout signature = HMAC-SHA256(order_id|payment_id, key secret)', () => {
    expect(checkoutSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', KEYS.keySecret)).toBe(CHECKOUT_VECTOR);
  });

  it('webhook signature = HMAC-SHA256(raw body, webhook secret)', () => {
    expect(webhookSignature(Buffer.from(BODY), KEYS.webhookSecret)).toBe(WEBHOOK_VECTOR);
    // One byte of whitespace more is another body: the signature is over the raw bytes, not the JSON.
    expect(webhookSignature(Buffer.from(`${BODY} `), KEYS.webhookSecret)).not.toBe(WEBHOOK_VECTOR);
  });

  it('the provider accepts exactly the genuine signatures', () => {
    const provider = createProvider({
      provider: 'razorpay',
      holdMinutes: 15,
      sweepSeconds: 0,
      razorpay: { ...KEYS, apiUrl: 'http://127.0.0.1:9', checkoutUrl: 'x' },
      problems: [],
    });
    if (!provider) throw new Error('razorpay gave no provider');
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', CHECKOUT_VECTOR)).toBe(true);
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1m', CHECKOUT_VECTOR)).toBe(false);
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', CHECKOUT_VECTOR.toUpperCase().replace('8A', '8B'))).toBe(
      false,
    );
    expect(provider.verifyWebhook(Buffer.from(BODY), WEBHOOK_VECTOR)).toBe(true);
    expect(provider.verifyWebhook(Buffer.from(BODY), undefined)).toBe(false);
    expect(sameSignature(WEBHOOK_VECTOR, WEBHOOK_VECTOR.slice(0, 63))).toBe(false);
    expect(sameSignature(WEBHOOK_VECTOR, `${WEBHOOK_VECTOR}00`)).toBe(false);
  });
});

describe('payment configuration', () => {
  it('development defaults to the test provider and a 15-minute hold', () => {
    expect(loadPaymentConfig({}, true)).toMatchObject({ provider: 'test', holdMinutes: 15, razorpay: null });
  });

  it('production refuses the test provider and Razorpay without its keys', () => {
    expect(configProblems(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }))).toContainEqual(
      expect.stringMatching(/refused in production/),
    );
    expect(configProblems(loadConfig({ NODE_ENV: 'production' }))).toContainEqual(
      expect.stringMatching(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/),
    );
    expect(
      configProblems(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' })),
    ).toContainEqual(expect.stringMatching(/needs RAZORPAY_WEBHOOK_SECRET$/));
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
    const ok = loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(ok.payments).toMatchObject({
      provider: 'razorpay',
      razorpay: { apiUrl: 'https://api.razorpay.com', checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' },
    });
  });
});
