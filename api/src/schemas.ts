/**
 * JSON Schemas shared by the routes: request fields with the spec §5 messages (`x-messages`, see
 * validation.ts) and the response shapes of docs/api-contract.md. The OpenAPI document is built from them.
 */

import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginOptions } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { HISTORY_ACTORS, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, PAYMENT_METHODS, PAYMENT_STATUSES } from '@storefront/contract';

/**
 * A plugin of routes whose request types (body, querystring, params) are derived from their JSON schemas
 * by json-schema-to-ts: a schema is written once, `as const`, and the handler's `req.body` follows it.
 */
export type RoutesPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsyncJsonSchemaToTs<{
  Options: Options;
}>;

// ---------- request fields ----------

const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

export const fields = {
  email: {
    type: 'string',
    maxLength: 254,
    minLength: 1,
    pattern: EMAIL_PATTERN,
    'x-messages': { required: 'Email is required', invalid: 'Must be a valid email address' },
  },
  /** Registration and new passwords: spec §5 rules. */
  password: {
    type: 'string',
    minLength: 6,
    maxLength: 128,
    pattern: '[^A-Za-z0-9]',
    'x-messages': {
      required: 'Password is required',
      minLength: 'Password must be at least 6 characters',
      pattern: 'Must contain at least one special character',
      maxLength: 'Cannot exceed 128 characters',
      type: 'Password is required',
    },
  },
  /** Login: only required (spec §5 "Login: email and required password only"). */
  loginPassword: {
    type: 'string',
    minLength: 1,
    maxLength: 128,
    'x-messages': { required: 'Password is required', maxLength: 'Cannot exceed 128 characters', invalid: 'Password is required' },
  },
  name: {
    type: 'string',
    minLength: 2,
    maxLength: 50,
    pattern: '\\S',
    'x-messages': {
      required: 'This field is required',
      minLength: 'Must be at least 2 characters',
      maxLength: 'Cannot exceed 50 characters',
      invalid: 'This field is required',
    },
  },
  phone: {
    type: 'string',
    pattern: '^[1-9][0-9]{9}$',
    'x-messages': { required: 'Phone number is required', invalid: 'Must be a valid 10-digit number' },
  },
  altPhone: {
    type: ['string', 'null'],
    pattern: '^([1-9][0-9]{9})?$',
    'x-messages': { invalid: 'Must be a valid 10-digit number' },
  },
  pincode: {
    type: 'string',
    pattern: '^[0-9]{6}$',
    'x-messages': { required: 'Pincode is required', invalid: 'Must be a valid 6-digit pincode' },
  },
  address: {
    type: 'string',
    minLength: 1,
    maxLength: 500,
    pattern: '\\S',
    'x-messages': { required: 'Address is required', maxLength: 'Cannot exceed 500 characters', invalid: 'Address is required' },
  },
  city: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    'x-messages': { required: 'City is required', maxLength: 'Cannot exceed 100 characters', invalid: 'City is required' },
  },
  state: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    'x-messages': { required: 'State is required', maxLength: 'Cannot exceed 100 characters', invalid: 'State is required' },
  },
  mobile: {
    type: 'string',
    pattern: '^[1-9][0-9]{9}$',
    'x-messages': { required: 'Phone number is required', invalid: 'Must be a valid 10-digit number' },
  },
  /** Registration's mobile: spec §5 has a variant of the form without it, so "" means none. */
  optionalMobile: {
    type: 'string',
    pattern: '^([1-9][0-9]{9})?$',
    'x-messages': { invalid: 'Must be a valid 10-digit number' },
  },
  otp: {
    type: 'string',
    pattern: '^[0-9]{6}$',
    'x-messages': { required: 'OTP is required', invalid: 'OTP must be 6 digits' },
  },
  id: (label: string) =>
    ({
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      'x-messages': { required: `${label} is required`, invalid: `${label} must be a valid id` },
    }) as const,
  /** Ids the server reads from the product instead (retailer, wholesaler): any integer or null passes. */
  nullableId: (label: string) =>
    ({
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2147483647,
      'x-messages': { invalid: `${label} must be a valid id` },
    }) as const,
  quantity: {
    type: 'integer',
    minimum: MIN_LINE_QUANTITY,
    maximum: MAX_LINE_QUANTITY,
    'x-messages': { required: 'Quantity is required', invalid: `Quantity must be between ${MIN_LINE_QUANTITY} and ${MAX_LINE_QUANTITY}` },
  },
  text: (required: string, max: number) =>
    ({
      type: 'string',
      minLength: 1,
      maxLength: max,
      pattern: '\\S',
      'x-messages': { required, invalid: required, maxLength: `Cannot exceed ${max} characters` },
    }) as const,
} as const;

/**
 * A request body: an object of the given fields, `required` naming the ones that must be there; unknown
 * fields are dropped. Both are kept as literal types, so the route's `req.body` type is read from them.
 */
export function body<const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/** One line of a guest cart as the browser kept it, merged into the server cart after sign-in. */
export const guestCartItem = {
  type: 'object',
  properties: {
    product_id: fields.id('Product'),
    quantity: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      'x-messages': { required: 'Quantity is required', invalid: 'Quantity must be at least 1' },
    },
    id: { ...fields.id('Variant'), description: 'variant id when selected_variant is missing' },
    selected_variant: { type: 'object', properties: { id: fields.id('Variant') } },
    retailer_id: fields.nullableId('Retailer'),
    wholesaler_id: fields.nullableId('Wholesaler'),
  },
  required: ['product_id', 'quantity'],
} as const;
export type GuestCartItem = FromSchema<typeof guestCartItem>;

// ---------- responses ----------

const money = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'rupees with two decimals' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

function obj(properties: Record<string, unknown>, optional: string[] = []) {
  return { type: 'object', properties, required: Object.keys(properties).filter((k) => !optional.includes(k)) } as const;
}

export const replies = {
  category: obj({
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string' },
    image: { type: 'string' },
    product_count: { type: 'integer' },
  }),
  variation: obj({
    id: { type: 'integer' },
    product_variation: { type: 'string' },
    final_price: money,
    mrp: money,
    stock: { type: 'integer' },
  }),
  get product() {
    return obj({
      id: { type: 'integer' },
      product_id: { type: 'integer' },
      retailer_product_id: { type: 'integer' },
      slug: { type: 'string' },
      product_name: { type: 'string' },
      description: { type: 'string' },
      brand: { type: 'string' },
      sub_category_id: { type: 'integer' },
      sub_category_name: { type: 'string' },
      cover_image: nullableString,
      product_images: { type: 'string', description: 'comma-separated URLs' },
      final_price: money,
      mrp: money,
      in_stock: { type: 'boolean' },
      stock: { type: 'integer' },
      retailer_id: { type: 'integer' },
      wholesaler_id: nullableInt,
      sub_category_variation: { type: 'string' },
      variations: { type: 'array', items: replies.variation },
      created_at: { type: 'string' },
    });
  },
  get productPage() {
    return obj({
      products: { type: 'array', items: replies.product },
      total: { type: 'integer' },
      page: { type: 'integer' },
      per_page: { type: 'integer' },
      last_page: { type: 'integer' },
    });
  },
  selectedVariant: obj({ id: { type: 'integer' }, product_variation: { type: 'string' }, final_price: money, stock: { type: 'integer' } }),
  get cartLine() {
    return obj({
      id: { type: 'integer' },
      product_id: { type: 'integer' },
      retailer_product_id: { type: 'integer' },
      quantity: { type: 'integer' },
      product_stock: { type: 'integer' },
      product_name: { type: 'string' },
      product_images: { type: 'string' },
      product_slug: { type: 'string' },
      status: { type: 'boolean' },
      message: { type: 'string' },
      wishlist_id: nullableInt,
      final_price: money,
      retailer_id: { type: 'integer' },
      wholesaler_id: nullableInt,
      selected_variant: replies.selectedVariant,
    });
  },
  shippingAddress: obj(
    {
      address: { type: 'string' },
      pincode: { type: 'string' },
      city: { type: 'string' },
      state: { type: 'string' },
      alt_phone_number: nullableString,
    },
    ['alt_phone_number'],
  ),
  get customer() {
    return obj(
      {
        id: { type: 'integer' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        email: nullableString,
        phone_number: nullableString,
        alt_phone_number: nullableString,
        shipping_address: { anyOf: [replies.shippingAddress, { type: 'null' }] },
        mobile_verified: { type: 'boolean' },
      },
      ['mobile_verified'],
    );
  },
  get authData() {
    return obj(
      {
        token: { type: 'string' },
        customer: replies.customer,
        email_verification_token: nullableString,
        is_existing_customer: { type: 'boolean' },
      },
      ['is_existing_customer'],
    );
  },
  get order() {
    return obj({
      order_id: { type: 'integer' },
      order_number: { type: 'string' },
      order_date: { type: 'string' },
      status: { type: 'string' },
      product_id: { type: 'integer' },
      product_name: { type: 'string' },
      product_slug: { type: 'string' },
      product_image: { type: 'string' },
      product_variation: { type: 'string' },
      quantity: { type: 'integer' },
      price: money,
      discount_amount: money,
      final_amount: money,
      payment_method: { type: 'string', enum: [...PAYMENT_METHODS] },
      payment_status: { type: 'string', enum: [...PAYMENT_STATUSES] },
      payment_expires_at: nullableString,
      coupon_code: nullableString,
      cancel_reason: nullableString,
      customer_data: obj({
        fullName: { type: 'string' },
        email: { type: 'string' },
        phone_number: { type: 'string' },
        shipping_address: replies.shippingAddress,
      }),
      history: {
        type: 'array',
        items: obj(
          { status: { type: 'string' }, at: { type: 'string' }, by: { type: 'string', enum: [...HISTORY_ACTORS] }, note: nullableString },
          ['by', 'note'],
        ),
      },
    });
  },
  get trackedOrder() {
    const order = replies.order;
    return obj(
      {
        ...order.properties,
        delivery: obj({ name: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' } }),
        // Only for the signed-in owner (issue 13): the full address, e-mail and phones.
        customer_data: order.properties.customer_data,
        steps: {
          type: 'array',
          items: obj({ status: { type: 'string' }, label: { type: 'string' }, done: { type: 'boolean' }, current: { type: 'boolean' } }),
        },
      },
      ['customer_data'],
    );
  },
  coupon: obj({
    code: { type: 'string' },
    type: { type: 'string', enum: ['percent', 'flat'] },
    value: { type: 'number' },
    discount_amount: money,
    min_amount: money,
  }),
};

const messageSchema = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } as const;

export const errorSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: messageSchema,
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'first message of each invalid field' },
  },
} as const;

/** The success envelope `{ success, message?, data? }` around a data schema, plus the error answers. */
export function reply(data?: unknown, extra: Record<string, unknown> = {}, status = 200) {
  const properties: Record<string, unknown> = { success: { type: 'boolean' }, message: messageSchema, ...extra };
  if (data !== undefined) properties.data = data;
  return {
    [status]: { type: 'object', required: ['success'], properties },
    '4xx': errorSchema,
    '5xx': errorSchema,
  };
}

export const security = {
  apiKey: [{ apiKey: [] }],
  customer: [{ apiKey: [], bearer: [] }],
} as const;
