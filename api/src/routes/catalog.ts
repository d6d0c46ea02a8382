import { PAYMENT_METHODS } from '@storefront/contract';
import type { FastifyReply } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { answer, body, fields, replies, reply, security, type Answer, type RoutesPlugin } from '../schemas';
import { notFound, fieldError, badRequest } from '../lib/errors';
import { toPaise } from '../lib/money';
import type { ProductQuery, SortBy } from '../db/repositories/catalog';
import { toProduct, toProductPage } from '../domain/wire';

const SORTS = ['newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const;
const ID_LIST = '^\\s*([0-9]{1,9}\\s*(,\\s*[0-9]{1,9}\\s*)*)?$';
const PRICE = '^\\s*([0-9]{1,7}(\\.[0-9]{1,2})?)?\\s*$';
const FLAG = { type: 'string', enum: ['', '0', '1', 'true', 'false'], 'x-messages': { invalid: 'Must be 1 or 0' } } as const;

const filterBody = {
  ...body(
    {
      sub_category: {
        type: 'string',
        maxLength: 500,
        pattern: ID_LIST,
        description: 'one or several category ids, comma-joined',
        'x-messages': { invalid: 'Must be category ids separated by commas' },
      },
      min_price: { type: 'string', pattern: PRICE, description: 'rupees', 'x-messages': { invalid: 'Must be a price in rupees' } },
      max_price: { type: 'string', pattern: PRICE, description: 'rupees', 'x-messages': { invalid: 'Must be a price in rupees' } },
      size: {
        type: 'string',
        maxLength: 200,
        description: 'size label(s), comma-joined',
        'x-messages': { invalid: 'Must be a size label' },
      },
      in_stock: FLAG,
      out_of_stock: FLAG,
      sort_by: { type: 'string', enum: ['', ...SORTS], 'x-messages': { invalid: `Must be one of ${SORTS.join(', ')}` } },
      product_id: {
        type: 'string',
        maxLength: 500,
        pattern: ID_LIST,
        'x-messages': { invalid: 'Must be product ids separated by commas' },
      },
      page: { type: 'integer', minimum: 1, maximum: 100000, 'x-messages': { invalid: 'Page must be a positive number' } },
    },
    [],
  ),
  description: 'Spec §3 filters. Sent as multipart/form-data by the storefront; JSON and URL-encoded bodies work too.',
} as const;

const pageQuery = {
  type: 'object',
  properties: { page: { type: 'integer', minimum: 1, maximum: 100000, 'x-messages': { invalid: 'Page must be a positive number' } } },
} as const;

const ids = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(Number);

const flag = (v: string | undefined) => v === '1' || v === 'true';

export function parseFilters(b: FromSchema<typeof filterBody>, page: number): ProductQuery {
  const minPrice = b.min_price?.trim() ? toPaise(b.min_price) : null;
  const maxPrice = b.max_price?.trim() ? toPaise(b.max_price) : null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    throw fieldError('max_price', 'Maximum price cannot be below the minimum price');
  }
  const sizes = (b.size ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const q: ProductQuery = { page, sortBy: (b.sort_by || 'newest') as SortBy };
  const sub = ids(b.sub_category);
  if (sub.length) q.subCategories = sub;
  const productIds = ids(b.product_id);
  if (productIds.length) q.productIds = productIds;
  if (minPrice !== null) q.minPrice = minPrice;
  if (maxPrice !== null) q.maxPrice = maxPrice;
  if (sizes.length) q.sizes = sizes;
  if (flag(b.in_stock)) q.inStock = true;
  if (flag(b.out_of_stock)) q.outOfStock = true;
  return q;
}

/**
 * Answers with a cached catalogue object, serialised once: the repository's cache hands out the same
 * object until a stock write, so its JSON is kept beside it (the hot path of the product list goal).
 */
const serialised = new WeakMap<object, string>();
function sendData(reply: FastifyReply, data: Answer<'productPage'> | Answer<'product'>): FastifyReply {
  let body = serialised.get(data);
  if (body === undefined) {
    body = JSON.stringify({ success: true, data });
    serialised.set(data, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export const catalogRoutes: RoutesPlugin = async (app) => {
  const { catalog, content } = app.repos;

  app.post(
    '/store-info',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Store information (spec §3) and the category list',
        security: security.apiKey,
        response: reply(replies.storeInfo),
      },
    },
    async () => {
      const storeinfo = await catalog.storeInfo();
      if (!storeinfo) throw notFound('Store information is not set up');
      // Which payment choices checkout offers follows PAYMENT_PROVIDER (none: cash on delivery only).
      const payment_methods = PAYMENT_METHODS.filter((m) => m === 'cod' || app.payments.prepaidAvailable);
      return { success: true, data: { storeinfo, sub_category_list: await catalog.categories(), payment_methods } };
    },
  );

  app.post(
    '/subcategory-variations',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Size labels of categories (spec §3 productVariations)',
        security: security.apiKey,
        body: body(
          {
            sub_category_id: {
              type: 'array',
              minItems: 1,
              maxItems: 50,
              items: fields.id('Category'),
              'x-messages': {
                required: 'Please choose a category',
                minItems: 'Please choose a category',
                invalid: 'Must be a list of category ids',
              },
            },
          },
          ['sub_category_id'],
        ),
        response: reply({ type: 'array', items: replies.subcategoryVariation }),
      },
    },
    async (req) => ({ success: true, data: await catalog.subcategoryVariations([...new Set(req.body.sub_category_id)]) }),
  );

  app.post(
    '/get-products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product list with the spec §3 filters; 12 per page',
        security: security.apiKey,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        querystring: pageQuery,
        body: filterBody,
        response: reply(replies.productPage),
      },
    },
    async (req, reply) => {
      const b = req.body ?? {};
      const page = req.query.page ?? b.page ?? 1;
      return sendData(reply, toProductPage(await catalog.listProducts(parseFilters(b, page))));
    },
  );

  app.get(
    '/single-product-details/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product by slug',
        security: security.apiKey,
        params: { type: 'object', properties: { slug: { type: 'string', maxLength: 300 } }, required: ['slug'] },
        response: reply(replies.product),
      },
    },
    async (req, reply) => {
      const product = await catalog.productBySlug(req.params.slug);
      if (!product) throw notFound('Product not found');
      return sendData(reply, toProduct(product));
    },
  );

  app.post(
    '/search-products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Search as shoppers type (docs/search.md): ranked by relevance, then in stock, then newest; spelling tolerance says `showing_results_for`',
        security: security.apiKey,
        body: body(
          {
            search: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '\\S',
              'x-messages': {
                required: 'Please enter a search term',
                invalid: 'Please enter a search term',
                maxLength: 'Cannot exceed 100 characters',
              },
            },
            page: pageQuery.properties.page,
          },
          ['search'],
        ),
        response: reply(replies.productPage),
      },
    },
    async (req, reply) => {
      const search = req.body.search.trim().replace(/\s+/g, ' ');
      if (search === '') throw badRequest('Please enter a search term', { search: 'Please enter a search term' });
      return sendData(reply, toProductPage(await catalog.listProducts({ page: req.body.page ?? 1, search, sortBy: 'newest' })));
    },
  );

  app.get(
    '/home-page-sections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Home banners and sections',
        security: security.apiKey,
        response: reply(undefined, { result: replies.homeSections }),
      },
    },
    async () => ({ success: true, result: { banners: await content.banners(), sections: await content.homeSections() } }),
  );

  app.get(
    '/about-us-page',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'About-us sections',
        security: security.apiKey,
        response: reply(undefined, { result: { type: 'array', items: replies.aboutSection } }),
      },
    },
    async () => ({ success: true, result: await content.aboutSections() }),
  );

  const productList = reply(answer({ data: { type: 'array', items: replies.product } }));
  app.get(
    '/new-arrivals',
    {
      schema: { tags: ['catalogue'], summary: 'The 8 newest products', security: security.apiKey, response: productList },
    },
    async () => ({ success: true, data: { data: (await catalog.newArrivals(8)).map(toProduct) } }),
  );

  app.get(
    '/catalog-version',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "The catalogue change log's newest entry: it changes with every product, stock, price or store-info change (the host's render cache keys on it)",
        security: security.apiKey,
        response: reply(answer({ version: { type: 'integer' } })),
      },
    },
    async (_req, res) => {
      void res.header('cache-control', 'no-store');
      return { success: true, data: { version: await catalog.changeHead() } };
    },
  );

  app.post(
    '/get-featured-products',
    {
      schema: { tags: ['catalogue'], summary: '8 featured products', security: security.apiKey, response: productList },
    },
    async () => ({ success: true, data: { data: (await catalog.featured(8)).map(toProduct) } }),
  );

  app.get(
    '/states',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'States and union territories of India',
        security: security.apiKey,
        response: reply({ type: 'array', items: replies.state }),
      },
    },
    async () => ({ success: true, data: await content.states() }),
  );

  app.post(
    '/cities',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Main cities of a state',
        security: security.apiKey,
        body: body({ state_id: { ...fields.id('State'), 'x-messages': { required: 'State is required', invalid: 'State is required' } } }, [
          'state_id',
        ]),
        response: reply({ type: 'array', items: replies.city }),
      },
    },
    async (req) => {
      if (!(await content.stateExists(req.body.state_id))) throw notFound('State not found');
      return { success: true, data: await content.cities(req.body.state_id) };
    },
  );
};
