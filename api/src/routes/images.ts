import type { FastifyInstance, FastifyReply } from 'fastify';
import { bannerSvg, categorySvg, logoSvg, placeholderSvg, productSvg } from '../lib/images';
import { errorSchema } from '../schemas';
import { notFound } from '../lib/errors';
import { STORE_NAME } from '../db/seed';

/**
 * Generated SVG images under /api/images. `<img>` tags cannot send the API key, so these routes are
 * public; they reveal nothing the catalogue does not already show.
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const svgResponse = {
    200: { description: 'SVG image', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    404: errorSchema,
  };
  const config = { auth: 'public' as const };
  const send = (reply: FastifyReply, svg: string) =>
    reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);
  const slugParam = { type: 'string', pattern: '^[a-z0-9-]{1,200}$' };

  app.get<{ Params: { slug: string; n: number } }>('/images/products/:slug/:n.svg', {
    config,
    schema: {
      tags: ['images'], summary: 'Product picture n (1 = cover)',
      params: { type: 'object', properties: { slug: slugParam, n: { type: 'integer', minimum: 1, maximum: 20 } }, required: ['slug', 'n'] },
      response: svgResponse,
    },
  }, async (req, reply) => {
    const p = await app.repos.catalog.productImageInfo(req.params.slug);
    if (!p || req.params.n > p.image_count) throw notFound('Image not found');
    return send(reply, productSvg(p.name, req.params.slug, req.params.n));
  });

  app.get<{ Params: { slug: string } }>('/images/categories/:slug.svg', {
    config,
    schema: {
      tags: ['images'], summary: 'Category picture',
      params: { type: 'object', properties: { slug: slugParam }, required: ['slug'] },
      response: svgResponse,
    },
  }, async (req, reply) => {
    const c = await app.repos.catalog.categoryBySlug(req.params.slug);
    if (!c) throw notFound('Image not found');
    return send(reply, categorySvg(c.name, req.params.slug));
  });

  app.get<{ Params: { id: number } }>('/images/banners/:id.svg', {
    config,
    schema: {
      tags: ['images'], summary: 'Home banner picture',
      params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
      response: svgResponse,
    },
  }, async (req, reply) => {
    const b = await app.repos.content.banner(req.params.id);
    if (!b) throw notFound('Image not found');
    return send(reply, bannerSvg(b.title, b.subtitle, req.params.id));
  });

  app.get<{ Params: { id: number } }>('/images/about/:id.svg', {
    config,
    schema: {
      tags: ['images'], summary: 'About-us section picture',
      params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
      response: svgResponse,
    },
  }, async (req, reply) => {
    const a = await app.repos.content.aboutSection(req.params.id);
    if (!a) throw notFound('Image not found');
    return send(reply, bannerSvg(a.title, '', req.params.id + 10));
  });

  app.get('/images/logo.svg', { config, schema: { tags: ['images'], summary: 'Store logo', response: svgResponse } }, async (_req, reply) => {
    const info = await app.repos.catalog.storeInfo();
    return send(reply, logoSvg(info?.store_name ?? STORE_NAME));
  });

  app.get('/images/placeholder.svg', { config, schema: { tags: ['images'], summary: 'Placeholder picture', response: svgResponse } }, async (_req, reply) =>
    send(reply, placeholderSvg()),
  );
}
