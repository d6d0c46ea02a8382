import path from 'node:path';
import { productionLimits } from './limits';
import { loadInvoiceConfig } from './invoices';
import { loadPaymentConfig } from './payments';
import { DEFAULT_PG_POOL_SIZE, DEFAULT_SMS_BODY, DEV_DEFAULTS, type Config, type SmsWebhookConfig } from './settings';

export { productionLimits, type LimitWindow, type Limits } from './limits';
export { loadPaymentConfig, type PaymentConfig, type RazorpayConfig } from './payments';
export { DEV_INVOICE_SELLER, loadInvoiceConfig, type InvoiceConfig, type InvoiceSeller } from './invoices';
export { configProblems } from './problems';
export { DEFAULT_PG_POOL_SIZE, DEFAULT_SMS_BODY, DEV_DEFAULTS, type Config, type SmsWebhookConfig } from './settings';

export const DEFAULT_DB_FILE = path.resolve(__dirname, '..', '..', 'data', 'storefront.sqlite');
export const DEFAULT_IMAGE_DIR = path.resolve(__dirname, '..', '..', 'data', 'images');
export const DEFAULT_PHOTO_POOL_DIR = path.resolve(__dirname, '..', '..', 'data', 'photo-pool');

/** `SHOP_NAME`, else the development default or, in production, the host of the shop's origin. */
function shopName(env: NodeJS.ProcessEnv, storeUrl: string, dev: boolean): string {
  const named = env.SHOP_NAME?.trim();
  if (named) return named;
  if (dev) return DEV_DEFAULTS.SHOP_NAME;
  try {
    return new URL(storeUrl).host;
  } catch {
    // No usable STORE_URL: configProblems refuses to start, so this name is never sent.
    return '';
  }
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
}

function parseSms(env: NodeJS.ProcessEnv): SmsWebhookConfig | null {
  const url = env.SMS_WEBHOOK_URL?.trim();
  if (!url) return null;
  const auth = env.SMS_WEBHOOK_AUTH?.trim();
  let authHeader: SmsWebhookConfig['authHeader'] = null;
  if (auth) {
    const colon = auth.indexOf(':');
    authHeader =
      colon > 0 ? { name: auth.slice(0, colon).trim(), value: auth.slice(colon + 1).trim() } : { name: 'authorization', value: auth };
  }
  return {
    url,
    authHeader,
    bodyTemplate: env.SMS_WEBHOOK_BODY?.trim() || DEFAULT_SMS_BODY,
    noticeBodyTemplate: env.SMS_NOTICE_WEBHOOK_BODY?.trim() || null,
  };
}

/** Reads the configuration; unset variables take the development defaults (refused in production by `configProblems`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'development' : 'production';
  const dev = mode === 'development';
  const scale = Number(env.RATE_LIMIT_SCALE);
  const storeUrl = (env.STORE_URL?.trim() || (dev ? DEV_DEFAULTS.STORE_URL : '')).replace(/\/+$/, '');
  return {
    mode,
    port: int(env.API_PORT, Number(DEV_DEFAULTS.API_PORT)),
    host: env.API_HOST || DEV_DEFAULTS.API_HOST,
    dbFile: env.DB_FILE ? path.resolve(env.DB_FILE) : DEFAULT_DB_FILE,
    databaseUrl: env.DATABASE_URL || null,
    pgPoolSize: Math.min(100, Math.max(1, int(env.PG_POOL_SIZE, DEFAULT_PG_POOL_SIZE))),
    requestTimeoutMs: Math.max(100, int(env.REQUEST_TIMEOUT_MS, 30_000)),
    maxConnections: Math.max(1, int(env.MAX_CONNECTIONS, 2000)),
    seedProducts: int(env.SEED_PRODUCTS, 0),
    catalogCache: {
      entries: int(env.CATALOG_CACHE, 2000),
      ttlMs: int(env.CATALOG_CACHE_TTL_MS, 30_000),
      pollMs: int(env.CATALOG_POLL_MS, 200),
    },
    apiKey: env.API_KEY || DEV_DEFAULTS.API_KEY,
    storeToken: env.STORE_TOKEN || DEV_DEFAULTS.STORE_TOKEN,
    storeUrl,
    shopName: shopName(env, storeUrl, dev),
    dev,
    // The edge host on the same machine proxies /api, so loopback is the one proxy trusted by default.
    trustedProxies: (env.TRUSTED_PROXIES ?? '127.0.0.1,::1')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    scrypt: { N: 2 ** 15, r: 8, p: 1 },
    // Development runs every browser test from one address: per-address limits are 20 times wider there.
    limits: {
      ...productionLimits(Number.isFinite(scale) && scale > 0 ? scale : dev ? 20 : 1),
      otpResend: { max: 1, windowMs: int(env.OTP_RESEND_SECONDS, 30) * 1000 },
    },
    messages: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      mailFrom: env.MAIL_FROM?.trim() || (dev ? DEV_DEFAULTS.MAIL_FROM : ''),
      sms: parseSms(env),
    },
    logger: env.API_LOG === '1',
    payments: loadPaymentConfig(env, dev),
    invoices: loadInvoiceConfig(env, dev),
    notifySweepSeconds: Math.max(0, int(env.NOTIFY_SWEEP_SECONDS, 10)),
    pincodeCacheSeconds: Math.max(0, int(env.PINCODE_CACHE_SECONDS, 60)),
    imageDir: env.IMAGE_DIR ? path.resolve(env.IMAGE_DIR) : DEFAULT_IMAGE_DIR,
    photoPoolDir: env.PHOTO_POOL_DIR ? path.resolve(env.PHOTO_POOL_DIR) : DEFAULT_PHOTO_POOL_DIR,
  };
}
