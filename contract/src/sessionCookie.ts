/**
 * The shopper's session as the edge can read it (issue 33): a small cookie the browser writes beside its
 * saved state, so the host can render a personal page — cart lines, the checkout summary, My Account —
 * with the shopper's own content in the HTML instead of a skeleton that waits for every script.
 *
 * It holds either the signed-in shopper's token (their cart, profile and orders are the API's) or a
 * guest's cart as product slug, variant and quantity (the lines' names, pictures and prices are read
 * from the catalogue when the page is rendered). It is sent only with the pages that show it (one cookie
 * per path below), never with scripts, pictures or API calls, and the host never caches what it renders
 * with it. Anything that does not parse is ignored: the page is then rendered as a guest's frame.
 */

export const SESSION_COOKIE = 'sf_session';
/** The pages rendered with it; a cookie is written for each path. */
export const SESSION_COOKIE_PATHS = ['/cart', '/checkout', '/my-account'] as const;
/** Browsers keep 4096 bytes a cookie; a larger session is not written (the page shows a skeleton). */
export const SESSION_COOKIE_MAX_LENGTH = 3000;
/** As long as a sign-in lasts at most; the API decides whether the token is still good. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** One guest cart line: the product's slug, its variation's id (0 when none) and the quantity. */
export interface SessionCartItem {
  slug: string;
  variant: number;
  quantity: number;
}

export type SessionCookie = { token: string; cart?: undefined } | { token?: undefined; cart: SessionCartItem[] };

const VERSION = '1';
const TOKEN_RE = /^[A-Za-z0-9_-]{1,256}$/;
const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,199}$/;
const COUNT_RE = /^\d{1,9}$/;
/** A guest cart has at most this many lines (spec §9: ₹10,000 in all). */
const MAX_ITEMS = 50;

/**
 * The cookie's value: `1.t.<token>` or `1.c.<slug>~<variant>~<quantity>*…`, characters a cookie value
 * may hold as they are. Null when there is nothing to send (a guest with an empty cart) or it would not fit.
 */
export function encodeSessionCookie(session: SessionCookie): string | null {
  let value: string;
  if (session.token !== undefined) {
    if (!TOKEN_RE.test(session.token)) return null;
    value = `${VERSION}.t.${session.token}`;
  } else {
    const items = session.cart.filter(
      (i) => SLUG_RE.test(i.slug) && Number.isInteger(i.variant) && i.variant >= 0 && Number.isInteger(i.quantity) && i.quantity > 0,
    );
    if (items.length === 0 || items.length > MAX_ITEMS) return null;
    value = `${VERSION}.c.${items.map((i) => `${i.slug}~${i.variant}~${i.quantity}`).join('*')}`;
  }
  return value.length <= SESSION_COOKIE_MAX_LENGTH ? value : null;
}

/** The session a cookie value holds, or null for anything else (absent, another version, tampered). */
export function parseSessionCookie(value: string | null | undefined): SessionCookie | null {
  if (!value || value.length > SESSION_COOKIE_MAX_LENGTH) return null;
  const [version, kind, rest, extra] = value.split('.');
  if (version !== VERSION || rest === undefined || extra !== undefined) return null;
  if (kind === 't') return TOKEN_RE.test(rest) ? { token: rest } : null;
  if (kind !== 'c') return null;
  const parts = rest.split('*');
  if (parts.length > MAX_ITEMS) return null;
  const cart: SessionCartItem[] = [];
  for (const part of parts) {
    const [slug, variant, quantity, more] = part.split('~');
    if (!slug || !SLUG_RE.test(slug) || !variant || !COUNT_RE.test(variant) || !quantity || !COUNT_RE.test(quantity) || more !== undefined)
      return null;
    const q = Number(quantity);
    if (q < 1) return null;
    cart.push({ slug, variant: Number(variant), quantity: q });
  }
  return { cart };
}
