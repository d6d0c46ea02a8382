import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, messageOf, type Api, type PaymentSession, type RazorpayCheckoutResult } from '@storefront/shared';
import { loadRazorpay, type RazorpayFailure, type RazorpayOptions } from '../payment/razorpayCheckout';

/**
 * Where the payment page stands. ready: waiting for the shopper; gateway: the gateway's window is open;
 * verifying: the server checks what the gateway returned; retry: an attempt failed or the window was
 * closed (the hold still runs, the shopper may pay again or cancel); paid, expired, cancelled: done.
 */
export type PaymentPhase = 'loading' | 'ready' | 'gateway' | 'verifying' | 'retry' | 'paid' | 'expired' | 'cancelled' | 'closed' | 'error';

export const MSG_WINDOW_CLOSED = 'You closed the payment window. Nothing was charged.';
export const MSG_EXPIRED = 'The time to pay has run out. Nothing was charged and the items went back on sale.';
export const MSG_CANCELLED = 'Order cancelled. Nothing was charged.';
export const MSG_GATEWAY_LOAD_FAILED = 'The payment window could not be loaded. Please check your connection and reload the page.';

export interface Shopper {
  name?: string;
  email?: string;
  contact?: string;
  storeName?: string;
}

type PaymentApi = Pick<Api, 'startPayment' | 'verifyRazorpayPayment' | 'cancelPayment'>;

/** The payment page's state: the server's payment session, the hold's countdown and the gateway's outcomes. */
export class PaymentStore {
  phase: PaymentPhase = 'loading';
  session: PaymentSession | null = null;
  secondsLeft = 0;
  /** The last thing to tell the shopper (a failed attempt, a closed window, a refusal). */
  message: string | null = null;
  busy = false;

  constructor(private readonly api: PaymentApi) {
    makeAutoObservable<this, 'api'>(this, { api: false, session: observableRef }, { autoBind: true });
  }

  get provider(): 'test' | 'razorpay' | null {
    return this.session?.provider ?? null;
  }

  /** The shopper can still pay (or cancel). */
  get open(): boolean {
    return this.phase === 'ready' || this.phase === 'retry';
  }

  async load(paymentId: string): Promise<void> {
    this.phase = 'loading';
    try {
      const res = await this.api.startPayment(paymentId);
      if (!res?.data) return;
      this.apply(res.data);
    } catch (err) {
      runInAction(() => {
        this.phase = 'error';
        this.message = messageOf(err, 'The payment could not be loaded');
      });
    }
  }

  private apply(session: PaymentSession): void {
    this.session = session;
    this.secondsLeft = session.seconds_left;
    this.phase =
      session.status === 'pending'
        ? session.seconds_left > 0
          ? 'ready'
          : 'expired'
        : session.status === 'paid'
          ? 'paid'
          : session.status === 'expired'
            ? 'expired'
            : session.status === 'cancelled'
              ? 'cancelled'
              : 'closed';
    if (this.phase === 'expired') this.message = MSG_EXPIRED;
  }

  /** One second of the hold has passed (the page's timer). At zero the order is no longer payable. */
  tick(): void {
    if (this.secondsLeft > 0) this.secondsLeft -= 1;
    if (this.secondsLeft === 0 && (this.phase === 'ready' || this.phase === 'retry' || this.phase === 'gateway')) {
      this.phase = 'expired';
      this.message = MSG_EXPIRED;
    }
  }

  /** Opens Razorpay Checkout for the session's gateway order; resolves once the window is open. */
  async openGateway(shopper: Shopper, onPaid: () => void): Promise<void> {
    const session = this.session;
    if (!session?.gateway || !this.open) return;
    this.busy = true;
    this.message = null;
    let Razorpay;
    try {
      Razorpay = await loadRazorpay(session.gateway.checkout_url);
    } catch {
      runInAction(() => {
        this.busy = false;
        this.phase = 'retry';
        this.message = MSG_GATEWAY_LOAD_FAILED;
      });
      return;
    }
    const options: RazorpayOptions = {
      key: session.gateway.key_id,
      amount: session.amount_paise,
      currency: session.currency,
      order_id: session.gateway.order_id,
      ...(shopper.storeName ? { name: shopper.storeName } : {}),
      description:
        session.order_numbers.length > 1 ? `Orders ${session.order_numbers.join(', ')}` : `Order ${session.order_numbers[0] ?? ''}`,
      prefill: {
        ...(shopper.name ? { name: shopper.name } : {}),
        ...(shopper.email ? { email: shopper.email } : {}),
        ...(shopper.contact ? { contact: shopper.contact } : {}),
      },
      timeout: this.secondsLeft,
      handler: (result) => void this.verify(result, onPaid),
      modal: { ondismiss: () => this.dismissed() },
    };
    const checkout = new Razorpay(options);
    checkout.on('payment.failed', (failure) => this.attemptFailed(failure));
    runInAction(() => {
      this.busy = false;
      this.phase = 'gateway';
    });
    checkout.open();
  }

  private dismissed(): void {
    if (this.phase !== 'gateway') return;
    this.phase = this.secondsLeft > 0 ? 'retry' : 'expired';
    this.message = this.phase === 'retry' ? MSG_WINDOW_CLOSED : MSG_EXPIRED;
  }

  /** Razorpay keeps its window open after a failed attempt so the shopper can try another way. */
  private attemptFailed(failure: RazorpayFailure): void {
    this.message = `Payment failed: ${failure.error.description ?? 'the payment did not go through'}. No money was taken. You can try again.`;
  }

  private async verify(result: RazorpayCheckoutResult, onPaid: () => void): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.phase = 'verifying';
    this.message = null;
    try {
      answered(await this.api.verifyRazorpayPayment({ ...result, payment_id: session.payment_id }));
      runInAction(() => (this.phase = 'paid'));
      onPaid();
    } catch (err) {
      runInAction(() => {
        this.phase = 'retry';
        this.message = messageOf(
          err,
          'The payment could not be confirmed. If money was taken, it will be confirmed or refunded automatically.',
        );
      });
    }
  }

  /** Cancels the unpaid checkout: its stock returns at once. */
  async cancel(): Promise<boolean> {
    const session = this.session;
    if (!session || !this.open) return false;
    this.busy = true;
    try {
      await this.api.cancelPayment(session.payment_id);
      runInAction(() => {
        this.phase = 'cancelled';
        this.message = MSG_CANCELLED;
      });
      return true;
    } catch (err) {
      runInAction(() => (this.message = messageOf(err, 'The order could not be cancelled')));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
