// @ts-check
// An API process of a bench's own: the real server (api/src/server.ts, run from source as `pnpm start`
// does) in production mode. Production refuses to start without an origin, message senders and payment
// settings: nothing is sent while measuring (the senders point at the discard port, the payment settings
// are test ones), and one client drives every request, so the per-address limits are widened.
import path from 'node:path';
import { startProcess } from './processes.mjs';
import { ROOT } from './results.mjs';

export const API_DIR = path.join(ROOT, 'api');
export const BENCH_API_KEY = 'bench-api-key';
export const BENCH_STORE_TOKEN = 'bench-store-token';

/** @type {Readonly<Record<string, string>>} */
export const benchProductionEnv = Object.freeze({
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
});

/**
 * Starts the API on 127.0.0.1:`port` with `env` over the bench's production settings. `apiDir`: another
 * API folder to run (the scale bench's --api-dir); `nodeFlags`: e.g. --cpu-prof.
 * @param {{ port: number, env: Record<string, string>, apiDir?: string, nodeFlags?: string[], output?: 'keep' | 'inherit' | 'ignore' | number }} opts
 */
export function startApiServer(opts) {
  const apiDir = opts.apiDir ?? API_DIR;
  return startProcess(
    `api :${opts.port}`,
    process.execPath,
    [...(opts.nodeFlags ?? []), '--import', 'tsx', path.join(apiDir, 'src', 'server.ts')],
    {
      cwd: apiDir,
      env: { ...benchProductionEnv, API_PORT: String(opts.port), API_HOST: '127.0.0.1', ...opts.env },
      output: opts.output ?? 'keep',
    },
  );
}
