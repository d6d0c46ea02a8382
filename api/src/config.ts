import path from 'node:path';

/** Everything the server reads from its environment, with the development defaults of docs/api-contract.md. */
export interface Config {
  port: number;
  host: string;
  /** SQLite file; `:memory:` is accepted too. */
  dbFile: string;
  /** Sent by every client as `x-api-key` (spec §6). */
  apiKey: string;
  /** The fixed store-level `user_token` of logout and the OTP calls (spec §7). */
  storeToken: string;
  /** Development mode: OTP and reset tokens travel in responses because there is no SMS or mail gateway. */
  dev: boolean;
  /** Password hashing cost. Tests lower it; production keeps scrypt's recommended N = 2^15. */
  scrypt: { N: number; r: number; p: number };
  /** Requests per window on the brute-force targets (login, OTP send/verify, forgot password). */
  authRateLimit: { max: number; windowMs: number };
  /** Minimum seconds between two OTP sends to one mobile. */
  otpResendSeconds: number;
  /** Whether to log requests (pino). Off in tests and benchmarks. */
  logger: boolean;
  /** The owner's pictures and every resized variant (issue 20); keep it with the database. */
  imageDir: string;
  /** The generated catalogue pictures, kept across databases and runs (drawn once per drawing version). */
  photoPoolDir: string;
}

export const DEV_DEFAULTS = {
  API_PORT: '3100',
  API_HOST: '127.0.0.1',
  API_KEY: 'dev-storefront-key',
  STORE_TOKEN: 'dev-store-token',
} as const;

export const DEFAULT_DB_FILE = path.resolve(__dirname, '..', 'data', 'storefront.sqlite');
export const DEFAULT_IMAGE_DIR = path.resolve(__dirname, '..', 'data', 'images');
export const DEFAULT_PHOTO_POOL_DIR = path.resolve(__dirname, '..', 'data', 'photo-pool');

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) ? n : fallback;
}

/** Reads the configuration; unset variables take the development defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: int(env.API_PORT, Number(DEV_DEFAULTS.API_PORT)),
    host: env.API_HOST || DEV_DEFAULTS.API_HOST,
    dbFile: env.DB_FILE ? path.resolve(env.DB_FILE) : DEFAULT_DB_FILE,
    apiKey: env.API_KEY || DEV_DEFAULTS.API_KEY,
    storeToken: env.STORE_TOKEN || DEV_DEFAULTS.STORE_TOKEN,
    dev: nodeEnv === 'development' || nodeEnv === 'test',
    scrypt: { N: 2 ** 15, r: 8, p: 1 },
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT, 10), windowMs: 60_000 },
    otpResendSeconds: int(env.OTP_RESEND_SECONDS, 30),
    logger: env.API_LOG === '1',
    imageDir: env.IMAGE_DIR ? path.resolve(env.IMAGE_DIR) : DEFAULT_IMAGE_DIR,
    photoPoolDir: env.PHOTO_POOL_DIR ? path.resolve(env.PHOTO_POOL_DIR) : DEFAULT_PHOTO_POOL_DIR,
  };
}
