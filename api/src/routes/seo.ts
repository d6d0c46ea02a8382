import type { FastifyReply } from 'fastify';
import { errorSchema, type RoutesPlugin } from '../schemas';
import { notFound } from '../lib/errors';

/** A kept sitemap is rebuilt after this even without a logged change (the log keeps only an hour). */
const REBUILD_MS = 3_600_000;

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages worth a search engine's visit (spec §2: home, listings, information pages). */
const INFORMATION_PAGES = ['/', '/shop', '/categories', '/about', '/faq', '/terms-use', '/privacy-policy', '/support', '/contact'];

export interface SeoRoutesOptions {
  /** URLs per sitemap file; past it `sitemap.xml` becomes an index of numbered files (default 50,000). */
  maxUrlsPerSitemap?: number;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function urlset(urls: string[]): string {
  const body = urls.map((u) => `<url><loc>${xmlEscape(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function sitemapIndex(urls: string[]): string {
  const body = urls.map((u) => `<sitemap><loc>${xmlEscape(u)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * Sitemaps generated from the live catalogue: the information pages, every category's shop list
 * (`/shop?categories=<lower-cased name>`, spec §2) and every product page, as absolute URLs on the
 * configured `storeUrl`. Up to the per-file limit, `sitemap.xml` is the one urlset; past it, an index
 * of `sitemap-<n>.xml` files (numbered from 1), each holding one slice in a stable order (pages,
 * categories, products by id), so a file is built from one ranged query however large the shop.
 *
 * Public, like the images: crawlers send no API key, and nothing here is more than the shop shows.
 * The edge host serves them at `/sitemap.xml` and `/sitemap-<n>.xml`.
 */
export const seoRoutes: RoutesPlugin<SeoRoutesOptions> = async (app, opts) => {
  const perFile = Math.max(1, opts.maxUrlsPerSitemap ?? SITEMAP_MAX_URLS);
  const origin = app.config.storeUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${origin}${path}`;
  const config = { auth: 'public' as const };
  // Hidden from the OpenAPI document of the shop's calls: these are for crawlers, through the host.
  const xmlResponse = { 200: { type: 'string' }, 404: errorSchema };
  const send = (reply: FastifyReply, xml: string) =>
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);

  /** The fixed URLs (pages, then categories): few, read whole. */
  async function headUrls(): Promise<string[]> {
    const categories = await app.repos.catalog.categories();
    return [
      ...INFORMATION_PAGES.map(absolute),
      ...categories.map((c) => absolute(`/shop?${new URLSearchParams({ categories: c.name.toLowerCase() }).toString()}`)),
    ];
  }

  /** URLs [start, start + count) of the whole ordered list. */
  async function slice(start: number, count: number): Promise<string[]> {
    const head = await headUrls();
    const fromHead = head.slice(start, start + count);
    const productStart = Math.max(0, start - head.length);
    const wanted = count - fromHead.length;
    const slugs = wanted > 0 ? await app.repos.catalog.productSlugs(productStart, wanted) : [];
    return [...fromHead, ...slugs.map((slug) => absolute(`/products/${encodeURIComponent(slug)}`))];
  }

  /**
   * Each answer is built once per change of the catalogue's shape (the change log's ALL entries) and kept,
   * at most REBUILD_MS: at 200,000 products a file is a 50,000-row read and a 5 MB string on the API's
   * thread. Concurrent reads share one build.
   */
  const built = new Map<string, { version: number | null; at: number; value: Promise<string | number> }>();
  async function once<T extends string | number>(key: string, build: () => Promise<T>): Promise<T> {
    const version = await app.repos.catalog.shapeVersion();
    const now = app.clock.now();
    const hit = built.get(key);
    if (hit && hit.version === version && now - hit.at < REBUILD_MS) return hit.value as Promise<T>;
    if (hit && hit.version !== version) built.clear();
    const value = build();
    built.set(key, { version, at: now, value });
    value.catch(() => built.delete(key));
    return value;
  }

  const fileCount = () =>
    once('files', async () => {
      const total = (await headUrls()).length + (await app.repos.catalog.productCount());
      return Math.max(1, Math.ceil(total / perFile));
    });

  app.get('/seo/sitemap.xml', { config, schema: { hide: true, response: xmlResponse } }, async (_req, reply) => {
    const files = await fileCount();
    if (files === 1) return send(reply, await once('file-1', async () => urlset(await slice(0, perFile))));
    return send(
      reply,
      await once('index', async () => sitemapIndex(Array.from({ length: files }, (_, i) => absolute(`/sitemap-${i + 1}.xml`)))),
    );
  });

  app.get(
    '/seo/sitemap-:n.xml',
    {
      config,
      schema: {
        hide: true,
        params: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 100_000 } }, required: ['n'] },
        response: xmlResponse,
      },
    },
    async (req, reply) => {
      const n = req.params.n;
      if (n > (await fileCount())) throw notFound('No such sitemap');
      return send(reply, await once(`file-${n}`, async () => urlset(await slice((n - 1) * perFile, perFile))));
    },
  );
};
