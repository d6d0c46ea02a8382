import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginOptions } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { ADDRESS_LABEL_MAX, GSTIN_MESSAGES, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, STAFF_ROLES } from '@storefront/contract';

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

export const staffRole = {
  type: 'string',
  enum: STAFF_ROLES,
  'x-messages': { required: 'Role is required', invalid: `Role must be one of: ${STAFF_ROLES.join(', ')}` },
} as const;
