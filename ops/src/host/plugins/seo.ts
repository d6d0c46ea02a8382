/**
 * GET /robots.txt: crawlers may read the public pages and none of the private ones (cart, checkout,
 * payment, order results, account, sign-in and password pages, the API); the sitemap is named on
 * STORE_URL. The sitemaps themselves come from the API (proxy plugin).
 */
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../context';

export const PRIVATE_PATHS = [
  '/cart',
  '/checkout',
  '/payment',
  '/order-success',
  '/order-failure',
  '/my-account',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/api/',
];

export async function seoPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  app.get('/robots.txt', async (_request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${ctx.siteUrl()}/sitemap.xml`, ''].join('\n');
  });
}
