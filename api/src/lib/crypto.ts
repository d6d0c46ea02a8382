import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { FairQueue } from './queue';

/**
 * Two hashes at once leave two of libuv's threads for files; 64 waiting is one to two seconds of hashes
 * at the production cost, the longest an honest sign-in should wait in a flood. Beyond, QueueFullError
 * (503 with Retry-After, plugins/errors.ts).
 */
const hashing = new FairQueue('password hashing', 2, 64);

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    '',
    () =>
      new Promise((resolve, reject) => {
        scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** `scrypt$N$r$p$salt$hash` (base64); the cost travels with the hash so it can be raised later. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 });
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: 256 * N * R + 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** SHA-256 hex: bearer tokens, reset tokens and OTPs are stored only as this. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random bearer or reset token (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Six decimal digits, leading zeros allowed. */
export const otpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Constant-time string comparison for the API key and the store token. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random Crockford base-32 text: order numbers and payment ids that cannot be guessed in sequence. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 32];
  return out;
}
