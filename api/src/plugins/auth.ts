import fp from 'fastify-plugin';
import type { CustomerRow } from '../db/repositories/customers';
import { AppError, unauthorized } from '../lib/errors';
import { safeEqual } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyRequest {
    customer: CustomerRow | null;
    sessionId: number | null;
    /** The signed-in customer of an `auth: 'customer'` route (the onRequest hook guarantees one). */
    requireCustomer(): CustomerRow;
  }
  interface FastifyContextConfig {
    /**
     * 'customer': the route needs `Authorization: Bearer`; 'optional': a valid bearer, when sent, sets
     * `request.customer` (track-order shows the owner more); 'public': no API key either (images, docs).
     */
    auth?: 'customer' | 'optional' | 'public';
  }
}

/**
 * Spec §6: `x-api-key` on every call but the public ones (images, docs), `Authorization: Bearer` for the
 * customer's. A route says which with `config.auth`; handlers read `request.requireCustomer()`.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('customer', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('requireCustomer', function requireCustomer(this: { customer: CustomerRow | null }): CustomerRow {
      if (!this.customer) throw unauthorized();
      return this.customer;
    });
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth;
      if (auth === 'public') return;
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || !safeEqual(key, app.config.apiKey)) throw new AppError(401, 'Invalid or missing API key');
      if (auth !== 'customer' && auth !== 'optional') return;
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      const session = match?.[1] && match[1].length <= 200 ? await app.repos.customers.bySessionToken(match[1]) : undefined;
      if (!session) {
        if (auth === 'optional') return;
        throw unauthorized();
      }
      request.customer = session.customer;
      request.sessionId = session.sessionId;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
