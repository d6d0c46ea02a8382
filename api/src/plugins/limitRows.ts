import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

/**
 * Adds `hits` to a stored counter in one atomic upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`,
 * on SQLite and PostgreSQL), starting a new window when the stored one has ended. A failure counter's
 * window runs from its last failure (`windowFromLast`); a request counter's from its first hit.
 */
export function addHits(db: Kysely<Database>, key: string, hits: number, now: number, windowMs: number, windowFromLast = false) {
  return db
    .insertInto('rate_limits')
    .values({ key, hits, reset_at: now + windowMs, blocked_until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('rate_limits.reset_at', '<=', now)
          .then(hits)
          .else(eb('rate_limits.hits', '+', hits))
          .end(),
        reset_at: windowFromLast
          ? now + windowMs
          : eb
              .case()
              .when('rate_limits.reset_at', '<=', now)
              .then(now + windowMs)
              .else(eb.ref('rate_limits.reset_at'))
              .end(),
      })),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
}
