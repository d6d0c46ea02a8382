// Wire shapes of orders, checkout and payment (spec §3/§7, issues 14 and 38).
import type { Customer, ShippingAddress } from './account';
import type { OrderDocuments } from './gst';
import type { HistoryActor, OrderStatus, PaymentMethod, PaymentStatus } from './rules';
import type { Money } from './store';

export interface Order {
  order_id: number;
  order_number: string;
  order_date: string;
  status: OrderStatus;
  product_id: number;
  product_name: string;
  product_slug: string;
  product_image: string;
  product_variation: string;
  quantity: number;
  /** Line total before discount. */
  price: Money;
  discount_amount: Money;
  final_amount: Money;
  /** Issue 39: the cash-on-delivery fee, on the first order of a cash checkout only (collected with it). */
  cod_fee?: Money;
  /** The server sends only these; spec §3 has the browser read anything but `cod` as prepaid. */
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** While the order waits for its payment: when the stock hold ends (ISO); null otherwise. */
  payment_expires_at: string | null;
  coupon_code: string | null;
  cancel_reason: string | null;
  customer_data: {
    fullName: string;
    email: string;
    phone_number: string;
    shipping_address: ShippingAddress;
  };
  history: { status: OrderStatus; at: string; by?: HistoryActor; note?: string | null }[];
  /** Issue 38: the courier, AWB and tracking link once the shop dispatched it; null before. */
  shipment?: Shipment | null;
  /** Issue 39: the tax invoice and credit note numbers once issued (contract/gst). */
  documents?: OrderDocuments;
}

/** A dispatched parcel (issue 38): what the shopper needs to follow it on the courier's site. */
export interface Shipment {
  courier: string;
  tracking_number: string;
  tracking_url: string | null;
  dispatched_at: string;
  delivered_at: string | null;
}

export interface TrackStep {
  status: OrderStatus;
  label: string;
  done: boolean;
  current: boolean;
}

/**
 * Track-order by number (issue 13): no personal data for whoever holds the number (the name masked, the
 * city); `customer_data` only when the signed-in owner asks.
 */
export type TrackedOrder = Omit<Order, 'customer_data'> & {
  delivery: { name: string; city: string; state: string };
  customer_data?: Order['customer_data'];
  steps: TrackStep[];
};

export interface CheckoutPayload {
  email: string;
  firstname: string;
  lastname: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number?: string;
  payment_method: PaymentMethod;
  coupon_code?: string;
  /** Issue 39: a saved address of the address book; its fields replace the typed ones. */
  address_id?: number;
  /** Issue 39: a business buyer's GSTIN for the tax invoice (contract `gstinProblem`). */
  buyer_gstin?: string;
}

export interface CheckoutResult {
  order_id: number[];
  order_numbers: string[];
  customer: Customer;
  /** Issue 39: the cash-on-delivery fee charged with the order ("0.00" for prepaid or no fee). */
  cod_fee: Money;
  /** For a prepaid order: the payment to start and when its stock hold ends (ISO); null for cash on delivery. */
  payment: { payment_id: string; amount: Money; provider: 'test' | 'razorpay'; expires_at: string } | null;
}

/**
 * `POST /payment/start`: what the payment page needs. While pending, a gateway provider adds what its
 * browser checkout takes (key id, gateway order id, amount in paise, currency, script URL); nothing secret.
 */
export interface PaymentSession {
  payment_id: string;
  provider: 'test' | 'razorpay';
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled';
  amount: Money;
  /** The same amount in paise, as the gateway takes it. */
  amount_paise: number;
  currency: string;
  expires_at: string | null;
  /** Seconds left of the hold when the server answered (the page counts down from it, whatever the clock says). */
  seconds_left: number;
  order_numbers: string[];
  gateway: { key_id: string; order_id: string; checkout_url: string } | null;
}

/** What Razorpay Checkout's `handler` receives, passed on to `POST /payment/razorpay/verify`. */
export interface RazorpayCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface CancelOrderPayload {
  order_id: number;
  reject_reason_select: string;
  reject_reason_input?: string;
}
