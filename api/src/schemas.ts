/**
 * JSON Schemas shared by the routes: request fields with the spec §5 messages (`x-messages`, see
 * validation.ts) and the response shapes of docs/api-contract.md. The OpenAPI document is built from them.
 */

import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginOptions, FastifyReply } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import {
  ADDRESS_LABEL_MAX,
  GSTIN_MESSAGES,
  HISTORY_ACTORS,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STORE_INFO_FIELDS,
  STAFF_ROLES,
} from '@storefront/contract';

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
  /** Issue 39: a business buyer's GSTIN; the check character is verified by the domain (contract gstinProblem). */
  gstin: {
    type: ['string', 'null'],
    maxLength: 20,
    pattern: '^\\s*([0-9A-Za-z]{15})?\\s*$',
    'x-messages': { invalid: GSTIN_MESSAGES.invalid, maxLength: GSTIN_MESSAGES.invalid },
  },
  label: {
    type: ['string', 'null'],
    maxLength: ADDRESS_LABEL_MAX,
    'x-messages': { maxLength: `Cannot exceed ${ADDRESS_LABEL_MAX} characters` },
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
// Typed like the requests: each answer schema keeps its literal type, so the type provider checks what a
// handler returns against it, and api/src/contractCheck.ts checks it against the contract's wire types.

const money = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'rupees with two decimals' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const strings = { type: 'array', items: str } as const;
const orderStatus = { type: 'string', enum: ORDER_STATUSES } as const;

type Props = Record<string, JSONSchema>;

/**
 * An answer object: every property is sent except those named in `optional`, and nothing else (the
 * serialiser drops unknown fields, and the derived type has no index signature).
 */
export function answer<const P extends Props, const O extends readonly (keyof P & string)[] = readonly []>(properties: P, optional?: O) {
  const skip: readonly string[] = optional ?? [];
  const required = Object.keys(properties).filter((k) => !skip.includes(k)) as Exclude<keyof P & string, O[number]>[];
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/** The schema, or null. */
export function orNull<const S extends JSONSchema>(schema: S) {
  return { anyOf: [schema, { type: 'null' }] } as const;
}

const category = answer({ id: int, name: str, slug: str, image: str, product_count: int });
const variation = answer({ id: int, product_variation: str, final_price: money, mrp: money, stock: int });
const product = answer({
  id: int,
  product_id: int,
  retailer_product_id: int,
  slug: str,
  product_name: str,
  description: str,
  brand: str,
  sub_category_id: int,
  sub_category_name: str,
  cover_image: nullableString,
  product_images: { type: 'string', description: 'comma-separated URLs' },
  final_price: money,
  mrp: money,
  in_stock: bool,
  stock: int,
  retailer_id: int,
  wholesaler_id: nullableInt,
  sub_category_variation: str,
  variations: { type: 'array', items: variation },
  created_at: str,
});
const selectedVariant = answer({ id: int, product_variation: str, final_price: money, stock: int });
const shippingAddress = answer({ address: str, pincode: str, city: str, state: str, alt_phone_number: nullableString }, [
  'alt_phone_number',
]);
const savedAddress = answer({
  id: int,
  label: str,
  address: str,
  pincode: str,
  city: str,
  state: str,
  alt_phone_number: nullableString,
  is_default: bool,
});
const customer = answer(
  {
    id: int,
    firstname: str,
    lastname: str,
    email: nullableString,
    phone_number: nullableString,
    alt_phone_number: nullableString,
    shipping_address: orNull(shippingAddress),
    mobile_verified: bool,
    pending_email: nullableString,
  },
  ['mobile_verified', 'pending_email'],
);
const order = answer(
  {
    order_id: int,
    order_number: str,
    order_date: str,
    status: orderStatus,
    product_id: int,
    product_name: str,
    product_slug: str,
    product_image: str,
    product_variation: str,
    quantity: int,
    price: money,
    discount_amount: money,
    final_amount: money,
    cod_fee: money,
    payment_method: { type: 'string', enum: PAYMENT_METHODS },
    payment_status: { type: 'string', enum: PAYMENT_STATUSES },
    payment_expires_at: nullableString,
    coupon_code: nullableString,
    cancel_reason: nullableString,
    customer_data: answer({ fullName: str, email: str, phone_number: str, shipping_address: shippingAddress }),
    history: {
      type: 'array',
      items: answer({ status: orderStatus, at: str, by: { type: 'string', enum: HISTORY_ACTORS }, note: nullableString }, ['by', 'note']),
    },
    shipment: orNull(
      answer({ courier: str, tracking_number: str, tracking_url: nullableString, dispatched_at: str, delivered_at: nullableString }),
    ),
    documents: answer({ invoice_number: nullableString, credit_note_number: nullableString }),
  },
  ['shipment', 'cod_fee', 'documents'],
);
const paymentProvider = { type: 'string', enum: ['test', 'razorpay'] } as const;

/** Store information (spec §3): every field a string, "" meaning "use the default". */
const storeInfoFields = answer(
  Object.fromEntries(STORE_INFO_FIELDS.map((k) => [k, str])) as { [K in (typeof STORE_INFO_FIELDS)[number]]: typeof str },
);

export const replies = {
  savedAddress,
  category,
  variation,
  product,
  productPage: answer(
    {
      products: { type: 'array', items: product },
      total: int,
      page: int,
      per_page: int,
      last_page: int,
      total_capped: bool,
      showing_results_for: str,
    },
    ['showing_results_for'],
  ),
  storeInfo: answer(
    {
      storeinfo: storeInfoFields,
      sub_category_list: { type: 'array', items: category },
      payment_methods: { type: 'array', items: { type: 'string', enum: PAYMENT_METHODS } },
    },
    // Optional in the contract (an older server leaves it out); this server always sends it.
    ['payment_methods'],
  ),
  selectedVariant,
  /** A cart line as the server sends it: every id and the selected variant (spec §3 cart item). */
  cartLine: answer({
    id: int,
    product_id: int,
    retailer_product_id: int,
    quantity: int,
    product_stock: int,
    product_name: str,
    product_images: str,
    product_slug: str,
    status: bool,
    message: str,
    wishlist_id: nullableInt,
    final_price: money,
    retailer_id: int,
    wholesaler_id: nullableInt,
    selected_variant: selectedVariant,
  }),
  shippingAddress,
  customer,
  /** `{ customer }`: the signed-in customer after a change. */
  customerData: answer({ customer }),
  /** Spec §3: answers "may also carry" the verification token and is_existing_customer. */
  authData: answer({ token: str, customer, email_verification_token: nullableString, is_existing_customer: bool }, [
    'email_verification_token',
    'is_existing_customer',
  ]),
  order,
  trackedOrder: answer(
    {
      ...order.properties,
      delivery: answer({ name: str, city: str, state: str }),
      // Only for the signed-in owner (issue 13): the full address, e-mail and phones.
      customer_data: order.properties.customer_data,
      steps: { type: 'array', items: answer({ status: orderStatus, label: str, done: bool, current: bool }) },
    },
    ['customer_data', 'shipment', 'cod_fee', 'documents'],
  ),
  coupon: answer({
    code: str,
    type: { type: 'string', enum: ['percent', 'flat'] },
    value: { type: 'number' },
    discount_amount: money,
    min_amount: money,
  }),
  checkoutResult: answer({
    order_id: { type: 'array', items: int },
    order_numbers: strings,
    customer,
    cod_fee: money,
    payment: orNull(answer({ payment_id: str, amount: money, provider: paymentProvider, expires_at: str })),
  }),
  pincodeCheck: answer({
    pincode: str,
    serviceable: bool,
    district: nullableString,
    state: nullableString,
    zone: nullableString,
    delivery: orNull(answer({ from: str, to: str, text: str })),
    cod: answer({ available: bool, reason: nullableString, fee: money, max_order_value: orNull(money), otp_above: orNull(money) }),
  }),
  paymentSession: answer({
    payment_id: str,
    provider: paymentProvider,
    status: { type: 'string', enum: ['pending', 'paid', 'failed', 'expired', 'cancelled'] },
    amount: money,
    amount_paise: int,
    currency: str,
    expires_at: nullableString,
    seconds_left: int,
    order_numbers: strings,
    gateway: orNull(answer({ key_id: str, order_id: str, checkout_url: str })),
  }),
  wishlistItem: answer({ wishlist_id: int, product_id: int, created_at: str, product }),
  subcategoryVariation: answer({ sub_category_id: int, sub_category_variation: str }),
  homeSections: answer({
    banners: { type: 'array', items: answer({ id: int, title: str, subtitle: str, image: str, link: str, cta: str }) },
    sections: { type: 'array', items: answer({ id: int, title: str, subtitle: str, type: str }) },
  }),
  aboutSection: answer({ id: int, title: str, body: str, image: str }),
  state: answer({ id: int, name: str }),
  city: answer({ id: int, name: str, state_id: int }),
  /** Development outbox: one message sent, or that would have been. */
  outboxEntry: answer(
    {
      channel: { type: 'string', enum: ['sms', 'email'] },
      to: str,
      subject: str,
      text: str,
      vars: { type: 'object', additionalProperties: str },
      at: str,
    },
    ['vars'],
  ),
};

const messageSchema = { anyOf: [str, strings] } as const;

export const errorSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: messageSchema,
    errors: { type: 'object', additionalProperties: str, description: 'first message of each invalid field' },
  },
  additionalProperties: false,
} as const;

/** Issue 39: a tax document download (the PDF, or an error answer), and which of an order's documents. */
export const documentReply = {
  200: { description: 'PDF document', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
  '4xx': errorSchema,
  '5xx': errorSchema,
} as const;
/** Sends a document download (the route's schema is `documentReply`); never cached, the buyer's details are in it. */
export function sendDocument(res: FastifyReply, doc: { filename: string; pdf: Buffer }): FastifyReply {
  return res
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);
}
export const documentQuery = {
  type: 'object',
  properties: {
    kind: {
      type: 'string',
      enum: ['invoice', 'credit_note'],
      default: 'invoice',
      'x-messages': { invalid: 'Must be invoice or credit_note' },
    },
  },
  additionalProperties: false,
} as const;

/** The body of every error answer (the errors plugin sends it). */
export type ErrorAnswer = FromSchema<typeof errorSchema>;

/** What a named reply schema describes, e.g. `Answer<'product'>`. */
export type Answer<K extends keyof typeof replies> = FromSchema<(typeof replies)[K]>;

type Flat<T> = { [K in keyof T]: T[K] };
type Envelope<D, E> = {
  type: 'object';
  required: ['success'];
  additionalProperties: false;
  properties: Flat<{ success: typeof bool; message: typeof messageSchema } & E & (D extends JSONSchema ? { data: D } : unknown)>;
};

/**
 * The success envelope `{ success, message?, data? }` around a data schema (and `extra` fields beside it),
 * answered with `status`, plus the error answers. The handler's return value is typed from it.
 */
export function reply<
  const D extends JSONSchema | undefined = undefined,
  const E extends Props = Record<never, never>,
  const S extends number = 200,
>(data?: D, extra?: E, status?: S) {
  const properties: Record<string, unknown> = { success: bool, message: messageSchema, ...extra };
  if (data !== undefined) properties.data = data;
  return {
    [status ?? 200]: { type: 'object', required: ['success'], additionalProperties: false, properties },
    '4xx': errorSchema,
    '5xx': errorSchema,
  } as Flat<{ [K in S]: Envelope<D, E> } & { '4xx': typeof errorSchema; '5xx': typeof errorSchema }>;
}

export const security = {
  apiKey: [{ apiKey: [] }],
  customer: [{ apiKey: [], bearer: [] }],
} as const;

// ---------- staff (issue 38) ----------

/** OpenAPI: staff routes take the API key and a staff session's bearer (not a customer's). */
export const staffSecurity = [{ apiKey: [], bearer: [] }] as const;

export const staffMemberReply = answer({
  id: int,
  email: str,
  name: str,
  role: { type: 'string', enum: STAFF_ROLES },
  disabled: bool,
  created_at: str,
});

export const staffRole = {
  type: 'string',
  enum: STAFF_ROLES,
  'x-messages': { required: 'Role is required', invalid: `Role must be one of: ${STAFF_ROLES.join(', ')}` },
} as const;
