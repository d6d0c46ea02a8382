/**
 * The browser's half of the session cookie (contract/src/sessionCookie.ts): what of the saved state the
 * edge may read to render the shopper's own pages, written beside local storage after each change.
 */
import {
  encodeSessionCookie,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_SECONDS,
  SESSION_COOKIE_PATHS,
  type SessionCookie,
} from '@storefront/contract/session-cookie';
import type { CartLine } from '../api/types';
import { lineVariant } from './cartRules';
import type { SavedState } from './persistence';

/** Where the cookie is written: `document` in the browser; nothing on the server or in unit tests. */
export interface CookieWriter {
  /** `initial`: the page's own first write of a saved state, not a change the shopper made. */
  write(value: string | null, initial?: boolean): void;
}

/** A guest cart line as the cookie names it; null when it cannot be named (no slug). */
function itemOf(line: CartLine) {
  return line.product_slug ? { slug: line.product_slug, variant: lineVariant(line)?.id ?? 0, quantity: line.quantity } : null;
}

/** The cookie's value for a saved state: the token when signed in, else the guest's cart; null for nothing. */
export function sessionCookieValue(state: SavedState): string | null {
  const auth = state.auth;
  if (auth?.isAuthenticated && auth.token) return encodeSessionCookie({ token: auth.token });
  const cart = (state.cart?.cartItems ?? []).map(itemOf).filter((i) => i !== null);
  const session: SessionCookie = { cart };
  return encodeSessionCookie(session);
}

/**
 * Writes the cookie for each path that renders with it. Set from script (the saved state it mirrors is
 * script's too); SameSite=Lax so a link from another site still opens the shopper's own cart, Secure on
 * https. Four fixed attributes and a value of cookie-safe characters: no cookie library is needed.
 */
export function documentCookieWriter(doc: Pick<Document, 'cookie'>, secure: boolean): CookieWriter {
  return {
    write(value, initial = false) {
      const shown = doc.cookie.split('; ');
      // Already there (the page it was sent with sees it): each write is a synchronous trip to the browser's cookie store.
      if (value !== null && shown.includes(`${SESSION_COOKIE}=${value}`)) return;
      // A guest with nothing to send: the page's first write removes a stale cookie only where one shows
      // (the pages it is sent with); a sign-out or an emptied cart always removes it.
      if (value === null && initial && !shown.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) return;
      const life = value === null ? 'Max-Age=0' : `Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}`;
      for (const path of SESSION_COOKIE_PATHS) {
        doc.cookie = `${SESSION_COOKIE}=${value ?? ''}; Path=${path}; ${life}; SameSite=Lax${secure ? '; Secure' : ''}`;
      }
    },
  };
}
