import type { Api } from './Api';
import type { ApiClient } from './client';
import { CUSTOMER_URLS } from '../apiUrls';

type OrdersApi = Pick<
  Api,
  | 'getOrders'
  | 'getOrderDocument'
  | 'cancelOrder'
  | 'checkout'
  | 'confirmTestPayment'
  | 'startPayment'
  | 'verifyRazorpayPayment'
  | 'cancelPayment'
  | 'applyCoupon'
  | 'trackOrder'
  | 'submitContact'
  | 'subscribeNewsletter'
>;

/** Orders and other calls of spec §7, plus the test payment confirmation and the newsletter. */
export function ordersApi(c: ApiClient): OrdersApi {
  return {
    getOrders: (o) => c.get(CUSTOMER_URLS.orders, o),
    getOrderDocument: (orderId, kind, o) => c.getFile(`${CUSTOMER_URLS.orders}/${orderId}/document?kind=${kind}`, o),
    cancelOrder: (payload, o) => c.post('/customer/cancel-order', payload, o),
    checkout: (payload, o) => c.post('/checkout1', payload, o),
    confirmTestPayment: (payload, o) => c.post('/payment/test/confirm', payload, o),
    startPayment: (paymentId, o) => c.post('/payment/start', { payment_id: paymentId }, o),
    verifyRazorpayPayment: (payload, o) => c.post('/payment/razorpay/verify', payload, o),
    cancelPayment: (paymentId, o) => c.post('/payment/cancel', { payment_id: paymentId }, o),
    applyCoupon: (couponCode, o) => c.post('/apply-coupon', { coupon_code: couponCode }, o),
    trackOrder: (trackNo, o) => c.post('/customer/track-order', { track_no: trackNo }, o),
    submitContact: (payload, o) => c.post('/contact-us', payload, o),
    subscribeNewsletter: (email, o) => c.post('/newsletter/subscribe', { email }, o),
  };
}
