export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
}

export interface PaymentConfig {
  /**
   * `PAYMENT_PROVIDER`: 'razorpay', 'none' (cash on delivery only: no prepaid choice, no payment routes) or
   * 'test' (development and test only).
   */
  provider: 'test' | 'razorpay' | 'none';
  /** `PAYMENT_HOLD_MINUTES` (15): how long an unpaid prepaid checkout keeps its stock. Fractions allowed. */
  holdMinutes: number;
  /** `PAYMENT_SWEEP_SECONDS` (30): how often the API process expires unpaid checkouts; 0 turns it off. */
  sweepSeconds: number;
  razorpay: RazorpayConfig | null;
  /** What makes these settings unusable in production, one line each (`configProblems` reports them). */
  problems: string[];
}

/**
 * The payment settings (issue 14). In production the test provider, and Razorpay without its key id, key
 * secret and webhook secret, are problems `configProblems` names (the process does not start); in
 * development a Razorpay without its keys cannot work either, so it throws at once.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv, dev: boolean): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER?.trim() || (dev ? 'test' : 'razorpay');
  const problems: string[] = [];
  if (provider !== 'test' && provider !== 'razorpay' && provider !== 'none') {
    // A typo must not start a shop whose payments silently do something else.
    const problem = `PAYMENT_PROVIDER must be razorpay, none (cash on delivery only) or test, not ${provider}`;
    if (dev) throw new Error(problem);
    return { provider: 'none', holdMinutes: 15, sweepSeconds: 30, razorpay: null, problems: [problem] };
  }
  if (provider === 'test' && !dev) {
    problems.push(
      'PAYMENT_PROVIDER=test moves no money and is refused in production: set PAYMENT_PROVIDER=razorpay and its keys, or none for cash on delivery only',
    );
  }
  const hold = Number(env.PAYMENT_HOLD_MINUTES);
  const sweep = Number(env.PAYMENT_SWEEP_SECONDS);
  let razorpay: RazorpayConfig | null = null;
  if (provider === 'razorpay') {
    const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'].filter((k) => !env[k]);
    if (missing.length) {
      const problem = `PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}`;
      if (dev) throw new Error(problem);
      problems.push(problem);
    }
    razorpay = {
      keyId: env.RAZORPAY_KEY_ID ?? '',
      keySecret: env.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: env.RAZORPAY_API_URL || 'https://api.razorpay.com',
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL || 'https://checkout.razorpay.com/v1/checkout.js',
    };
  }
  return {
    provider,
    holdMinutes: env.PAYMENT_HOLD_MINUTES && Number.isFinite(hold) && hold > 0 ? hold : 15,
    sweepSeconds: env.PAYMENT_SWEEP_SECONDS && Number.isFinite(sweep) && sweep >= 0 ? sweep : 30,
    razorpay,
    problems,
  };
}
