import { PINCODE_PATTERN } from '@storefront/contract';
import { PincodeLookup } from '../domain/delivery';
import { replies, reply, security, type RoutesPlugin } from '../schemas';

/** Entries: every pincode of India fits, so a full list stays cached. */
const PINCODE_CACHE_ENTRIES = 25_000;
const TOO_MANY = 'Too many pincode checks from your network. Please try again in {after}.';

export const deliveryRoutes: RoutesPlugin = async (app) => {
  const lookup = new PincodeLookup(app.repos, app.clock, {
    ttlMs: app.config.pincodeCacheSeconds * 1000,
    maxEntries: PINCODE_CACHE_ENTRIES,
    // The catalogue cache's poll interval: a back-office change shows on the shop's pages and checks alike.
    pollMs: app.config.catalogCache.pollMs,
  });

  app.get(
    '/pincode/:pincode',
    {
      schema: {
        tags: ['other'],
        summary: 'Whether the shop delivers to a pincode, the delivery window (IST) for an order placed now, and cash on delivery there',
        security: security.apiKey,
        params: {
          type: 'object',
          properties: {
            pincode: { type: 'string', pattern: PINCODE_PATTERN, 'x-messages': { invalid: 'Must be a valid 6-digit pincode' } },
          },
          required: ['pincode'],
        },
        response: reply(replies.pincodeCheck),
      },
    },
    async (req, res) => {
      // Lookups of pincodes the list does not hold, counted per client network (an IPv6 /64) in the shared
      // store: what a scan of made-up pincodes does, and a shopper does not (domain/delivery PincodeLookup).
      const limits = app.limits.forRequest(res);
      const data = await lookup.check(req.params.pincode, app.payments.prepaidAvailable, () =>
        limits.hitLight('pincodeCheck', limits.network, TOO_MANY),
      );
      // The dates move at the shop's closing hour: a browser may keep the answer a minute, not longer.
      void res.header('cache-control', 'public, max-age=60');
      return { success: true, message: data.serviceable ? 'We deliver to this pincode' : 'We do not deliver to this pincode yet', data };
    },
  );
};
