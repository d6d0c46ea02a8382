import type { JSONSchema } from 'json-schema-to-ts';
import { HISTORY_ACTORS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, STAFF_ROLES, STORE_INFO_FIELDS } from '@storefront/contract';

// Typed like the requests: each answer schema keeps its literal type, so the type provider checks what a
// handler returns against it, and api/src/contractCheck.ts checks it against the contract's wire types.

const money = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'rupees with two decimals' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const int = { type: 'integer' } as const;
export const str = { type: 'string' } as const;
export const bool = { type: 'boolean' } as const;
export const strings = { type: 'array', items: str } as const;
const orderStatus = { type: 'string', enum: ORDER_STATUSES } as const;

export type Props = Record<string, JSONSchema>;

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

export const staffMemberReply = answer({
  id: int,
  email: str,
  name: str,
  role: { type: 'string', enum: STAFF_ROLES },
  disabled: bool,
  created_at: str,
});
