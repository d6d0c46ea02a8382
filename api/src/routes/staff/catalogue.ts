import { STORE_INFO_FIELDS, type StoreInfoFields } from '@storefront/contract';
import { answer, fields, reply, staffSecurity, type RoutesPlugin } from '../../schemas';
import { changeStoreInfo, changeVariation, setProductHidden, setProductPicture } from '../../domain/storeAdmin';
import { CATEGORIES } from '../../db/seed/catalogue';
import { PhotoPool } from '../../images/pool';
import { MAX_PICTURE_BYTES } from '../../domain/productPictures';
import { ImageStore, PictureError } from '../../images/store';
import { toPaise } from '../../lib/money';
import { fieldError } from '../../lib/errors';
import { toStaffProduct } from '../../domain/wire';

const rupeesField = (label: string) =>
  ({
    type: 'string',
    pattern: '^\\d{1,7}(\\.\\d{1,2})?$',
    'x-messages': { invalid: `${label} must be an amount in rupees (up to 2 decimals)` },
  }) as const;
const stockField = (label: string) =>
  ({ type: 'integer', minimum: 0, maximum: 1_000_000, 'x-messages': { invalid: `${label} must be a whole number from 0` } }) as const;

// Spec §5 formats for store information; "" always means "use the default" (spec §3).
const colour = {
  type: 'string',
  pattern: '^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})?$',
  'x-messages': { invalid: 'Must be a colour like #1a2b3c or #abc' },
} as const;
const https = {
  type: 'string',
  maxLength: 500,
  pattern: '^(https://[^\\s<>"]+)?$',
  'x-messages': { invalid: 'Must be an https:// link', maxLength: 'Cannot exceed 500 characters' },
} as const;
const text = (max: number) => ({ type: 'string', maxLength: max, 'x-messages': { maxLength: `Cannot exceed ${max} characters` } }) as const;
const word = {
  type: 'string',
  pattern: '^[a-z_-]{0,30}$',
  'x-messages': { invalid: 'Must be a layout name (lower-case letters)' },
} as const;
const storeInfoBody = {
  type: 'object',
  properties: {
    store_name: { ...fields.text('Store name is required', 80) },
    logo: https,
    email: fields.email,
    mobile_no: fields.mobile,
    store_time: text(120),
    offer_text: text(200),
    facebook_url: https,
    instagram_url: https,
    twitter_url: https,
    fontFamily: { type: 'string', pattern: "^[A-Za-z0-9 '-]{0,60}$", 'x-messages': { invalid: 'Must be a font name' } },
    backgroundColor: colour,
    buttonBackgroundColor: colour,
    topHeaderBackgroundColor: colour,
    headerBackgroundColor: colour,
    footerBackgroundColor: colour,
    bottomFooterBackgroundColor: colour,
    bannerType: word,
    categoryLayout: word,
  },
  additionalProperties: false,
  minProperties: 1,
  'x-messages': { minProperties: 'Nothing to change' },
} as const;

const staffProduct = answer({
  id: { type: 'integer' },
  slug: { type: 'string' },
  name: { type: 'string' },
  hidden: { type: 'boolean' },
  cover_image: { type: ['string', 'null'] },
  variations: {
    type: 'array',
    items: answer({
      id: { type: 'integer' },
      label: { type: 'string' },
      stock: { type: 'integer' },
      price: { type: 'string' },
      mrp: { type: 'string' },
    }),
  },
});
const STAFF_PRODUCTS_PER_PAGE = 20;

/** Products (hidden ones too), stock and prices of a variation, the store's information and theme (any staff member; each recorded). */
export const staffCatalogueRoutes: RoutesPlugin = async (app) => {
  const config = { staff: 'staff' as const };

  app.get(
    '/products',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Products, hidden ones too, newest first, with each variation’s stock and prices; `search` matches name or brand',
        security: staffSecurity,
        querystring: {
          type: 'object',
          properties: {
            search: { type: 'string', maxLength: 100, 'x-messages': { maxLength: 'Cannot exceed 100 characters' } },
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, 'x-messages': { invalid: 'Page must be a positive number' } },
          },
          additionalProperties: false,
        } as const,
        response: reply(
          answer({
            products: { type: 'array', items: staffProduct },
            total: { type: 'integer' },
            page: { type: 'integer' },
            per_page: { type: 'integer' },
          }),
        ),
      },
    },
    async (req) => {
      const { page, search } = req.query;
      const found = await app.repos.storeAdmin.products({
        ...(search !== undefined ? { search } : {}),
        limit: STAFF_PRODUCTS_PER_PAGE,
        offset: (page - 1) * STAFF_PRODUCTS_PER_PAGE,
      });
      return {
        success: true,
        data: { products: found.products.map(toStaffProduct), total: found.total, page, per_page: STAFF_PRODUCTS_PER_PAGE },
      };
    },
  );

  app.post(
    '/products/:id',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Hides a product from the shop (lists, search, sitemap, its page) or shows it again',
        security: staffSecurity,
        params: { type: 'object', properties: { id: fields.id('Product') }, required: ['id'], additionalProperties: false } as const,
        body: {
          type: 'object',
          properties: {
            hidden: { type: 'boolean', 'x-messages': { required: 'Say hidden: true or false', invalid: 'Must be true or false' } },
          },
          required: ['hidden'],
          additionalProperties: false,
        } as const,
        response: reply(answer({ product: staffProduct })),
      },
    },
    async (req) => {
      const product = await setProductHidden(app.tx, req.requireStaff().member, req.params.id, req.body.hidden);
      return { success: true, message: product.hidden ? 'Product hidden from the shop' : 'Product shown in the shop', data: { product } };
    },
  );

  // A product's picture from the back office: the photo itself is the body (image/jpeg, png, webp, avif),
  // read up to MAX_PICTURE_BYTES (the host in front passes 1 MB: the back office sends it resized).
  const pictureRoutes: RoutesPlugin = async (pictures) => {
    const store = new ImageStore(app.config.imageDir, new PhotoPool(app.config.photoPoolDir, () => CATEGORIES.map((c) => c.slug)));
    pictures.addContentTypeParser(
      ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
      { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES },
      (_req, raw, done) => done(null, raw),
    );
    pictures.post(
      '/products/:id/picture',
      {
        config,
        schema: {
          tags: ['staff'],
          summary: "Replaces a product's pictures with this photo (the body: JPEG, PNG, WebP or AVIF), cropped to the catalogue's 4:5",
          security: staffSecurity,
          params: { type: 'object', properties: { id: fields.id('Product') }, required: ['id'], additionalProperties: false } as const,
          response: reply(answer({ product: staffProduct })),
        },
      },
      async (req) => {
        const photo = req.body;
        if (!Buffer.isBuffer(photo) || photo.length === 0) throw fieldError('picture', 'Send the photo as the request body');
        let pictureId: string;
        try {
          pictureId = await store.importProductPicture(photo);
        } catch (err) {
          if (err instanceof PictureError) throw fieldError('picture', `The photo could not be used: ${err.message}`);
          throw err;
        }
        const product = await setProductPicture(app.tx, req.requireStaff().member, req.params.id, pictureId);
        return { success: true, message: 'Picture replaced: the shop shows it on the next page load', data: { product } };
      },
    );
  };
  await app.register(pictureRoutes);

  app.post(
    '/variations/:id',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: "Sets a variation's stock (from the stock the member saw), selling price and MRP",
        security: staffSecurity,
        params: { type: 'object', properties: { id: fields.id('Variation') }, required: ['id'], additionalProperties: false } as const,
        body: {
          type: 'object',
          properties: {
            stock: stockField('Stock'),
            from_stock: stockField('From stock'),
            price: rupeesField('Price'),
            mrp: rupeesField('MRP'),
          },
          additionalProperties: false,
          minProperties: 1,
          'x-messages': { minProperties: 'Nothing to change' },
        } as const,
        response: reply(
          answer({
            id: { type: 'integer' },
            product_id: { type: 'integer' },
            product_variation: { type: 'string' },
            stock: { type: 'integer' },
            price: { type: 'string' },
            mrp: { type: 'string' },
          }),
        ),
      },
    },
    async (req) => {
      const b = req.body;
      if (b.stock !== undefined && b.from_stock === undefined)
        throw fieldError('from_stock', 'Send the stock you saw (from_stock) with a new stock');
      const data = await changeVariation(app.tx, req.requireStaff().member, req.params.id, {
        stock: b.stock !== undefined && b.from_stock !== undefined ? { to: b.stock, from: b.from_stock } : undefined,
        price: b.price !== undefined ? (toPaise(b.price) ?? undefined) : undefined,
        mrp: b.mrp !== undefined ? (toPaise(b.mrp) ?? undefined) : undefined,
      });
      return { success: true, message: 'Variation updated', data };
    },
  );

  app.post(
    '/store-info',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: `Changes store information and theme (spec §3: ${STORE_INFO_FIELDS.join(', ')}); shown on the next page load`,
        security: staffSecurity,
        body: storeInfoBody,
        response: reply(),
      },
    },
    async (req) => {
      await changeStoreInfo(app.tx, req.requireStaff().member, req.body as Partial<StoreInfoFields>);
      return { success: true, message: 'Store information updated' };
    },
  );
};
