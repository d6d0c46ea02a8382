import { createHash } from 'node:crypto';

/** Keys longer than this are stored as their limit's name and a hash of the identity. */
const MAX_PLAIN_KEY = 64;

/**
 * The key a counter is stored under: as given when short (a limit's name and a mobile, an address), else
 * the name and a SHA-256 of the rest, so whatever a client types (an e-mail of 254 characters) costs a
 * row of bounded size.
 */
export function storedKey(key: string): string {
  if (key.length <= MAX_PLAIN_KEY) return key;
  const colon = key.indexOf(':');
  return `${key.slice(0, colon + 1)}~${createHash('sha256')
    .update(key.slice(colon + 1))
    .digest('base64url')}`;
}
