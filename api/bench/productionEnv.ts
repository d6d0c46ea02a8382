/**
 * What an API process started by a benchmark needs to run in production mode (issue 13 refuses to start
 * without an origin, message senders and payment settings). Nothing is sent while measuring: the senders
 * point at the discard port and the payment settings are test ones. One client drives every request, so
 * the per-address limits are widened.
 */
export const BENCH_API_KEY = 'bench-api-key';
export const BENCH_STORE_TOKEN = 'bench-store-token';

export const benchProductionEnv: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  API_KEY: BENCH_API_KEY,
  STORE_TOKEN: BENCH_STORE_TOKEN,
  STORE_URL: 'http://127.0.0.1:8080',
  SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Storefront <bench@storefront.test>',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook',
  INVOICE_LEGAL_NAME: 'Storefront Bench Retail LLP',
  INVOICE_ADDRESS: '1, Bench Road, Bengaluru 560001',
  INVOICE_STATE: 'Karnataka',
  INVOICE_GSTIN: '29ABCDE1234F1ZW',
  RATE_LIMIT_SCALE: '100000',
  API_LOG: '0',
};
