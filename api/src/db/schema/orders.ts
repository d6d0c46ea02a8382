import type { Generated } from 'kysely';

// Orders and money: coupons, payments and refunds, orders and their history, GST invoices.

export interface CouponTable {
  id: Generated<number>;
  code: string;
  type: string;
  /** Percent (whole number) or flat paise. */
  value: number;
  min_amount: number;
  max_discount: number | null;
  expires_at: string | null;
  usage_limit: number | null;
  used_count: number;
  active: number;
  /** Uses allowed per customer (WELCOME10: 1); null for no per-customer limit. */
  per_customer_limit: Generated<number | null>;
}

/** How often each customer has used each coupon (the per-customer limit is a conditional update on this). */
export interface CouponUseTable {
  coupon_id: number;
  customer_id: number;
  used_count: number;
}

export interface PaymentTable {
  id: string;
  customer_id: number;
  amount: number;
  status: string;
  coupon_code: string | null;
  created_at: string;
  settled_at: string | null;
  /** 'test' or 'razorpay': the adapter that created it settles it. */
  provider: Generated<string>;
  currency: Generated<string>;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  /** End of the stock hold (PAYMENT_HOLD_MINUTES after checkout). */
  expires_at: string | null;
}

export interface RefundTable {
  id: Generated<number>;
  refund_key: string;
  payment_id: string;
  order_id: number | null;
  gateway_payment_id: string | null;
  amount: number;
  /** requested (not yet accepted by the provider) → pending → processed | failed */
  status: string;
  gateway_refund_id: string | null;
  attempts: number;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventTable {
  event_id: string;
  type: string;
  received_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  order_number: string;
  customer_id: number;
  product_id: number;
  variation_id: number;
  product_name: string;
  product_slug: string;
  product_image: string;
  product_variation: string;
  quantity: number;
  unit_price: number;
  price: number;
  discount_amount: number;
  final_amount: number;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  coupon_code: string | null;
  status: string;
  cancel_reason: string | null;
  full_name: string;
  email: string;
  phone_number: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number: string | null;
  created_at: string;
  updated_at: string;
  /** Issue 38: set when the shop ships it (migration 017). */
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  /** Cash collected on delivery, paise. */
  cod_collected: number | null;
  /** Issue 39: the cash-on-delivery fee, paise, on the first order of a checkout (migration 022). */
  cod_fee: Generated<number>;
  /** Issue 39: a business buyer's GSTIN, printed on the tax invoice (migration 025). */
  buyer_gstin: Generated<string | null>;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  created_at: string;
  /** Who or what caused it: 'customer:12', 'gateway:webhook', 'gateway:checkout', 'system:hold-expiry', … */
  actor: string | null;
  /** Why, in words (payment and refund changes). */
  note: string | null;
}

/** HSN code and GST rate of a category (migration 025); rates in basis points, the threshold in paise before tax. */
export interface GstRateTable {
  category_id: number;
  hsn: string;
  rate_bp: number;
  /** Value per piece (before tax) up to which `rate_bp` applies; above it `rate_above_bp`. Null: one rate. */
  threshold_paise: number | null;
  rate_above_bp: number | null;
}

/** The last number taken in each document series ('INV/26-27'). */
export interface InvoiceCounterTable {
  series: string;
  last_number: number;
}

/** A tax invoice or credit note as printed (issue 39); amounts in paise, `total` GST-inclusive. */
export interface InvoiceTable {
  id: Generated<number>;
  kind: 'invoice' | 'credit_note';
  number: string;
  order_id: number;
  issued_at: string;
  /** Who caused it: the payment's or the delivery's actor. */
  actor: string;
  seller_name: string;
  seller_address: string;
  seller_state: string;
  seller_gstin: string;
  buyer_name: string;
  buyer_address: string;
  buyer_state: string;
  buyer_gstin: string | null;
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive price of one piece, and the coupon's share of this line (paise). */
  unit_price: number;
  discount: number;
  rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** Cash-on-delivery fee included in `total` (migration 026). */
  cod_fee: Generated<number>;
}
