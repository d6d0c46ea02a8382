import type { FastifyReply } from 'fastify';
import { logoSvg, placeholderSvg, bannerSvg } from '../images/urls';
import { errorSchema, type RoutesPlugin } from '../schemas';
import { clientNetwork } from '@storefront/contract';
import { notFound } from '../lib/errors';
import { STORE_NAME } from '../db/seed';
import { CATEGORIES } from '../db/seed/catalogue';
import { DEFAULT_IMAGE_WIDTH, IMAGE_FORMATS, IMAGE_ID_PATTERN, IMAGE_WIDTHS, formatFromAccept, servedWidth } from '../images/ids';
import { PhotoPool } from '../images/pool';
import { CONTENT_TYPE, ENCODER_VERSION, ImageStore } from '../images/store';

/** A variant's bytes never change under its URL (ids are content ids): a year, immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Images under /api/images. `<img>` tags cannot send the API key, so these routes are public; they
 * reveal nothing the catalogue does not already show.
 *
 * Pictures (issue 20): `/images/<id>?w=<width>&f=avif|webp|jpeg` resizes and converts a product,
 * category or banner picture with sharp. Widths come from a fixed list (anything else is a 400), the
 * format from `Accept` when `f` is absent (then the answer varies by `Accept`); every variant is made
 * once and served from disk after that, with a year's immutable caching and an ETag.
 */
export const imageRoutes: RoutesPlugin = async (app) => {
  const pool = new PhotoPool(app.config.photoPoolDir, () => CATEGORIES.map((c) => c.slug));
  const store = new ImageStore(app.config.imageDir, pool);
  const svgResponse = {
    200: { description: 'SVG image', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    404: errorSchema,
  };
  const config = { auth: 'public' as const };
  const send = (reply: FastifyReply, svg: string) =>
    reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);

  app.get(
    '/images/:id',
    {
      config,
      schema: {
        tags: ['images'],
        summary: 'A product, category or banner picture at one of the fixed widths, as AVIF, WebP or JPEG',
        description:
          `Widths: ${IMAGE_WIDTHS.join(', ')} (default ${DEFAULT_IMAGE_WIDTH}; never wider than the original). ` +
          'Without `f` the format follows `Accept` (AVIF, then WebP, else JPEG) and the answer carries `Vary: Accept`. ' +
          'Answers are immutable for a year; `If-None-Match` with the ETag gets a 304. `X-Image-Cache: miss` marks a variant encoded by this request.',
        params: { type: 'object', properties: { id: { type: 'string', pattern: IMAGE_ID_PATTERN } }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: {
            w: { type: 'integer', enum: [...IMAGE_WIDTHS] },
            f: { type: 'string', enum: [...IMAGE_FORMATS] },
          },
        },
        response: {
          200: {
            description: 'The picture',
            content: Object.fromEntries(Object.values(CONTENT_TYPE).map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
          },
          304: { description: 'Not modified (the ETag matched)', type: 'null' },
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      const format = req.query.f ?? formatFromAccept(req.headers.accept);
      const width = servedWidth(id, req.query.w ?? DEFAULT_IMAGE_WIDTH);
      const etag = `"${id}.${width}.${format}.${ENCODER_VERSION}"`;
      if (!req.query.f) reply.header('vary', 'Accept');
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        // A 304 has no body: send() with nothing (the schema's `null` would be serialised as JSON).
        reply.code(304);
        return reply.send();
      }
      const variant = await store.variant(id, width, format, clientNetwork(req.ip));
      if (!variant) throw notFound('Image not found');
      return reply
        .header('content-type', CONTENT_TYPE[format])
        .header('x-image-cache', variant.made ? 'miss' : 'hit')
        .send(variant.bytes);
    },
  );

  app.get(
    '/images/about/:id.svg',
    {
      config,
      schema: {
        tags: ['images'],
        summary: 'About-us section picture',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
        response: svgResponse,
      },
    },
    async (req, reply) => {
      const a = await app.repos.content.aboutSection(req.params.id);
      if (!a) throw notFound('Image not found');
      return send(reply, bannerSvg(a.title, '', req.params.id + 10));
    },
  );

  app.get(
    '/images/logo.svg',
    { config, schema: { tags: ['images'], summary: 'Store logo', response: svgResponse } },
    async (_req, reply) => {
      const info = await app.repos.catalog.storeInfo();
      return send(reply, logoSvg(info?.store_name ?? STORE_NAME));
    },
  );

  app.get(
    '/images/placeholder.svg',
    { config, schema: { tags: ['images'], summary: 'Placeholder picture', response: svgResponse } },
    async (_req, reply) => send(reply, placeholderSvg()),
  );
};
