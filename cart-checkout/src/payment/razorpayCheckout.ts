import type { RazorpayCheckoutResult } from '@storefront/shared';

/** The part of Razorpay Checkout's options this shop uses (checkout.js, `new Razorpay(options).open()`). */
export interface RazorpayOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  order_id: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /** Seconds until the checkout closes itself: the hold's time left, so nobody pays for a released order. */
  timeout?: number;
  theme?: { color?: string };
  handler: (result: RazorpayCheckoutResult) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (failure: RazorpayFailure) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads the gateway's checkout script once per URL, only when the payment page needs it (the host's CSP
 * allows its origin on /payment alone). Rejects when the script cannot load (network, CSP).
 */
export function loadRazorpay(url: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<RazorpayConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
        if (ctor) resolve(ctor);
        else reject(new Error('The payment window did not load'));
      };
      script.onerror = () => {
        loading.delete(url);
        script.remove();
        reject(new Error('The payment window did not load'));
      };
      document.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}
