/**
 * Security headers through @fastify/helmet. The Content-Security-Policy allows scripts only from the
 * site, the remote origins the registry names, and — on a server-rendered page — the one inline loader
 * by its hash; `/payment` also allows PAYMENT_CSP_ORIGINS (the gateway's checkout script, its frames and
 * calls). The policy is worked out per request (the registry changes without a restart), so each
 * directive is a function of the request's state. HSTS only when the site is reached over https.
 */
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../context';
import { kCsp, stateOf, type CspState, type WithCsp } from '../csp';

/** The /payment route of spec §2 exactly (with or without a trailing slash): no other path gets the gateway. */
const isPaymentPath = (url: string): boolean => {
  const p = url.split('?', 1)[0] ?? '';
  return p === '/payment' || p === '/payment/';
};

export const securityPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: HostContext }) => {
    const { config } = ctx;
    const pay = config.paymentCspOrigins;
    if (!config.only) {
      app.addHook('onRequest', async (request) => {
        // A versioned file is never a document: its policy needs no registry (the read is most of its cost).
        if (request.url.startsWith('/shell/') || request.url.startsWith('/remotes/')) return;
        const snap = await ctx.registry.read(request.shopperId);
        request.registry = snap;
        (request.raw as WithCsp)[kCsp] = { origins: snap.origins, payment: isPaymentPath(request.url), scriptHashes: [] };
      });
    }
    // One source list per directive: 'self' first, then what this request allows.
    const sources = (first: string, more: (s: CspState) => string[]) => [
      (req: IncomingMessage) => [first, ...more(stateOf(req))].join(' '),
    ];
    await app.register(helmet, {
      contentSecurityPolicy: config.only
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: sources("'self'", (s) => [...s.origins, ...(s.payment ? pay : []), ...s.scriptHashes.map((h) => `'${h}'`)]),
              connectSrc: sources("'self'", (s) => [...s.origins, ...(s.payment ? pay : [])]),
              frameSrc: sources("'self'", (s) => (s.payment ? pay : [])),
              imgSrc: sources("'self' data: blob:", (s) => s.origins),
              styleSrc: sources("'self' 'unsafe-inline'", (s) => s.origins),
              fontSrc: sources("'self' data:", (s) => s.origins),
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
            },
          },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Set below, only over https (an http site would pin itself to https it does not have).
      strictTransportSecurity: false,
      // Versioned files are fetched cross-origin by design (files plugin); the rest is same-origin anyway.
      crossOriginResourcePolicy: false,
      // The payment gateway's checkout may open a bank's page in a popup and talk to it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https' || config.storeUrl?.startsWith('https:')) {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
  { name: 'host-security' },
);
