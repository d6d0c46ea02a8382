import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffRow } from '../db/repositories/staff';
import { forbidden, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/crypto';
import { StaffAccounts } from '../domain/staff';

/** Who may call a staff route: 'signin' the two sign-in steps (API key only), 'staff' any member, 'owner' owners. */
export type StaffAccess = 'signin' | 'staff' | 'owner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff sign-in, sessions and members (domain/staff). */
    staffAccounts: StaffAccounts;
  }
  interface FastifyRequest {
    staff: StaffRow | null;
    staffSessionId: number | null;
    /** The signed-in member of a staff route (the onRequest hook guarantees one). */
    requireStaff(): { member: StaffRow; sessionId: number };
  }
  interface FastifyContextConfig {
    /** Set on every route under /api/staff: the staff bearer and role it needs (plugins/staffAuth). */
    staff?: StaffAccess;
  }
}

const TOO_MANY_REQUESTS = 'Too many requests from this staff account. Please try again in {after}.';

/**
 * Staff sessions (issue 38), apart from the customers' (plugins/auth): a route with `config.staff` needs the
 * API key (checked first by plugins/auth) and, beyond sign-in, `Authorization: Bearer` of a live staff
 * session; 'owner' routes refuse other roles with 403. A customer's token is no staff session: 401.
 * Every signed-in request counts against the member's `staffRequests` limit in the shared store.
 */
export const staffAuthPlugin = fp(
  async (app) => {
    app.decorate(
      'staffAccounts',
      new StaffAccounts({
        repos: app.repos,
        tx: app.tx,
        messenger: app.messenger,
        shopName: app.config.shopName,
        hash: (password) => hashPassword(password, app.config.scrypt),
      }),
    );
    app.decorateRequest('staff', null);
    app.decorateRequest('staffSessionId', null);
    app.decorateRequest('requireStaff', function requireStaff(this: { staff: StaffRow | null; staffSessionId: number | null }) {
      if (!this.staff || this.staffSessionId === null) throw unauthorized();
      return { member: this.staff, sessionId: this.staffSessionId };
    });
    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.staff;
      if (access === undefined || access === 'signin') return;
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      const session = match?.[1] && match[1].length <= 200 ? await app.repos.staff.bySessionToken(match[1]) : undefined;
      if (!session) throw unauthorized();
      await app.limits.forRequest(reply).hit('staffRequests', `staff:${session.staff.id}`, TOO_MANY_REQUESTS);
      if (access === 'owner' && session.staff.role !== 'owner') throw forbidden('Only the shop owner can do this');
      request.staff = session.staff;
      request.staffSessionId = session.sessionId;
    });
  },
  { name: 'staff-auth', dependencies: ['auth', 'database', 'services', 'storefront-limits'] },
);

/**
 * Marks a scope as the staff API: every route registered in it must say who may call it (`config.staff`);
 * one that does not stops the server at start-up, so no staff route is ever open to the API key alone.
 */
export function guardStaffRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.staff === undefined) throw new Error(`staff route ${route.method} ${route.url} has no config.staff`);
  });
}
