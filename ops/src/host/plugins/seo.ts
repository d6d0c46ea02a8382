/**
 * GET /robots.txt: crawlers may read the public pages and none of the private ones (cart, checkout,
 * payment, order results, account, sign-in and password pages, the API) nor order tracking (a page per
 * order number, nothing to find by search); the sitemap is named on STORE_URL. The sitemaps themselves
 * come from the API (proxy plugin). Every page left to crawlers is rendered on the server with its
 * canonical link (issue 22); the ones listed here carry none, and are sent `X-Robots-Tag: noindex`
 * (pages plugin) for a crawler that reads them anyway.
 */
import type { FastifyInstance } from 'fastify';
import { ROUTES, isPrivateRoute } from '@storefront/contract/routes';
import type { HostContext } from '../context';

/** The route table's private pages (a pattern's `/:param` or `/*` tail dropped: a prefix covers them), and the API. */
export const PRIVATE_PATHS = [...new Set(ROUTES.filter(isPrivateRoute).map((r) => r.path.replace(/\/(\*|:[^/]+)$/, ''))), '/api/'];

export async function seoPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  app.get('/robots.txt', async (_request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${ctx.siteUrl()}/sitemap.xml`,
      '',
    ].join('\n');
  });
}
