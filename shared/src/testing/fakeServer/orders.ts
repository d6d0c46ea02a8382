import type { Api } from '../../api/Api';
import { ApiError } from '../../api/errors';
import type { PaymentSession, TrackedOrder } from '../../api/types';
import { isCancellable } from '../../constants';
import { UNSERVED_PINCODE } from '@storefront/contract/cod';
import { makeOrder } from '../fixtures';
import { cartTotal } from './cart';
import { money, ok, rupees, type FakeServer } from './server';

/** An order as tracking shows it (issue 13): a masked name and the city for anyone, everything for its owner. */
function tracked({ state, customer }: FakeServer, no: string): TrackedOrder {
  const o = state.orders.find((x) => x.order_number === no.trim());
  if (!o) throw new ApiError(404, ['No order found with this number']);
  const { customer_data, ...rest } = o;
  let owner = true;
  try {
    customer();
  } catch {
    owner = false;
  }
  const name = customer_data.fullName
    .split(' ')
    .map((w) => `${w.charAt(0)}${'*'.repeat(Math.max(2, w.length - 1))}`)
    .join(' ');
  const where = customer_data.shipping_address;
  return {
    ...rest,
    delivery: { name, city: where.city, state: where.state },
    ...(owner ? { customer_data } : {}),
    steps: [{ status: o.status, label: o.status, done: true, current: true }],
  };
}

type OrderCalls = 'getOrders' | 'cancelOrder' | 'checkout' | 'getOrderDocument' | 'trackOrder';

/** Orders: the list, cancelling, checkout (one order per cart line), tax documents and tracking. */
export function orderCalls(server: FakeServer): Pick<Api, OrderCalls> {
  const { state, customer, publicCustomer } = server;
  return {
    getOrders: async () => {
      customer();
      return ok([...state.orders].sort((a, b) => b.order_date.localeCompare(a.order_date)));
    },
    cancelOrder: async (p) => {
      customer();
      const o = state.orders.find((x) => x.order_id === p.order_id);
      if (!o) throw new ApiError(404, ['Order not found']);
      if (!isCancellable(o.status)) throw new ApiError(409, ['This order can no longer be cancelled']);
      o.status = 'cancelled';
      o.cancel_reason = p.reject_reason_input ?? p.reject_reason_select;
      return { success: true, status: true, message: 'Order cancelled successfully', data: o };
    },
    checkout: async (p) => {
      const c = customer();
      if (!state.cart.length) throw new ApiError(409, ['Your cart is empty']);
      if (!state.pincodes[p.pincode]?.serviceable) throw new ApiError(400, [UNSERVED_PINCODE], { pincode: UNSERVED_PINCODE });
      const created = state.cart.map((l) =>
        makeOrder({
          product_id: l.product_id ?? 0,
          product_name: l.product_name,
          quantity: l.quantity,
          price: money(rupees(l.final_price) * l.quantity),
          final_amount: money(rupees(l.final_price) * l.quantity),
          payment_method: p.payment_method,
          status: p.payment_method === 'cod' ? 'order_placed' : 'payment_pending',
        }),
      );
      state.orders.push(...created);
      state.cart = [];
      return ok(
        {
          order_id: created.map((o) => o.order_id),
          order_numbers: created.map((o) => o.order_number),
          customer: publicCustomer(c),
          cod_fee: p.payment_method === 'cod' ? state.codFee : '0.00',
          payment:
            p.payment_method === 'prepaid'
              ? {
                  payment_id: 'pay_test_1',
                  amount: money(created.reduce((s, o) => s + rupees(o.final_amount), 0)),
                  provider: state.payment.provider ?? 'test',
                  expires_at: '2026-11-10T09:45:00.000Z',
                }
              : null,
        },
        'Order placed successfully',
      );
    },
    getOrderDocument: async (orderId, kind) => {
      customer();
      const o = state.orders.find((x) => x.order_id === orderId);
      const number = kind === 'invoice' ? o?.documents?.invoice_number : o?.documents?.credit_note_number;
      if (!number) throw new ApiError(404, ['No tax invoice has been issued for this order yet']);
      return new Blob([`%PDF-1.3 ${number}`], { type: 'application/pdf' });
    },
    trackOrder: async (no) => ok(tracked(server, no)),
  };
}

type PaymentCalls = 'startPayment' | 'verifyRazorpayPayment' | 'cancelPayment' | 'confirmTestPayment' | 'applyCoupon';

/** Paying for the pending orders (test provider and Razorpay), and coupons. */
export function paymentCalls({ state, customer }: FakeServer): Pick<Api, PaymentCalls> {
  return {
    startPayment: async (paymentId) => {
      customer();
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      const amount = pending.reduce((sum, o) => sum + rupees(o.final_amount), 0);
      const provider = state.payment.provider ?? 'test';
      const session: PaymentSession = {
        payment_id: paymentId,
        provider,
        status: pending.length ? 'pending' : 'expired',
        amount: money(amount),
        amount_paise: Math.round(amount * 100),
        currency: 'INR',
        expires_at: '2026-11-10T09:45:00.000Z',
        seconds_left: pending.length ? 900 : 0,
        order_numbers: pending.map((o) => o.order_number),
        gateway:
          provider === 'razorpay' && pending.length
            ? { key_id: 'rzp_test_fake', order_id: 'order_fake_1', checkout_url: 'https://checkout.example/v1/checkout.js' }
            : null,
        ...state.payment,
      };
      return ok(session);
    },
    verifyRazorpayPayment: async () => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) Object.assign(o, { status: 'order_placed', payment_status: 'paid' });
      return ok({ orders: pending }, 'Payment received. Order placed successfully');
    },
    cancelPayment: async () => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) Object.assign(o, { status: 'cancelled', payment_status: 'cancelled' });
      return ok({ orders: pending }, 'Order cancelled. Nothing was charged.');
    },
    confirmTestPayment: async (p) => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) o.status = p.outcome === 'success' ? 'order_placed' : 'payment_failed';
      return ok({ orders: pending });
    },
    applyCoupon: async (code) => {
      customer();
      const c = state.coupons.find((x) => x.code === code.trim().toUpperCase());
      if (!c) throw new ApiError(404, ['Invalid Code']);
      const total = cartTotal(state.cart);
      if (total < rupees(c.min_amount)) throw new ApiError(422, [`Minimum order amount is ₹${c.min_amount}`]);
      const discount = c.type === 'percent' ? (total * c.value) / 100 : c.value;
      return ok({ coupon: { ...c, discount_amount: money(discount) } }, 'Coupon applied');
    },
  };
}
