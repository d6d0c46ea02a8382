/** A counting window: at most `max` hits per `windowMs`. */
export interface LimitWindow {
  max: number;
  windowMs: number;
}

/**
 * The abuse limits (issue 13). Per-address limits count every request from one client address (read from
 * `X-Forwarded-For` only when the peer is a trusted proxy); per-identity limits hold whatever the address.
 */
export interface Limits {
  /** Per address: scrypt-spending and mail/SMS-triggering calls. */
  register: LimitWindow;
  login: LimitWindow;
  /** Per address: reset-link passwords set (each a token lookup and a scrypt), made-up tokens included. */
  tokenPassword: LimitWindow;
  /** Account details changes (each may mail a code to a new address): per client network, and per account. */
  detailsChangeAddress: LimitWindow;
  detailsChangeAccount: LimitWindow;
  forgotPassword: LimitWindow;
  contact: LimitWindow;
  newsletter: LimitWindow;
  /** Per client network: checks of pincodes the owner's list does not hold (issue 39: a scan of made-up ones). */
  pincodeCheck: LimitWindow;
  otpSendAddress: LimitWindow;
  otpVerifyAddress: LimitWindow;
  /** Per e-mail: reset links sent, known address or not (mailbox flooding). */
  forgotPasswordEmail: LimitWindow;
  /** Per e-mail: codes sent to prove it before an account's e-mail becomes it (mailbox flooding, code guessing). */
  emailCodeSend: LimitWindow;
  /** Per mobile: codes sent, whichever route and address asked (SMS pumping, harassment). */
  otpSendMobile: LimitWindow;
  /**
   * Per mobile and purpose: codes sent within the window (`max` 1, OTP_RESEND_SECONDS). Counted by the same
   * atomic store as the others, so two simultaneous sends, on one API process or two, give one code.
   */
  otpResend: LimitWindow;
  /** Per mobile: wrong codes across every code sent to it (guessing by asking for new codes). */
  otpWrongMobile: LimitWindow;
  /** Per account: failed password sign-ins kept for `windowMs`; beyond `max` each one locks for `lockMs` × 2^n. */
  loginFailures: LimitWindow & { lockMs: number };
  /** Issue 38, staff. Per address: both steps of a staff sign-in. */
  staffSignInAddress: LimitWindow;
  /** Per e-mail typed: failed staff passwords, locking like `loginFailures`. */
  staffSignInFailures: LimitWindow & { lockMs: number };
  /** Per member: wrong second-factor codes across challenges (guessing by signing in again). */
  staffCodeWrong: LimitWindow;
  /** Per member: every staff request (a stolen session cannot script the shop at full speed). */
  staffRequests: LimitWindow;
  /** Issue 39: tax-document PDFs drawn, per customer and per client network (each one CPU on the API's thread). */
  invoiceDownloadCustomer: LimitWindow;
  invoiceDownloadAddress: LimitWindow;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Production limits. Per-address numbers are per minute and generous because Indian mobile networks put
 * many shoppers behind one carrier-grade NAT address; what protects an account or a mobile is the
 * per-identity limits, which no address change escapes.
 */
export function productionLimits(scale = 1): Limits {
  const perAddress = (max: number): LimitWindow => ({ max: Math.max(1, Math.round(max * scale)), windowMs: MINUTE });
  return {
    register: perAddress(10),
    login: perAddress(20),
    tokenPassword: perAddress(10),
    detailsChangeAddress: perAddress(20),
    detailsChangeAccount: { max: 10, windowMs: HOUR },
    forgotPassword: perAddress(5),
    contact: perAddress(5),
    newsletter: perAddress(10),
    pincodeCheck: perAddress(120),
    otpSendAddress: perAddress(10),
    otpVerifyAddress: perAddress(30),
    forgotPasswordEmail: { max: 5, windowMs: HOUR },
    emailCodeSend: { max: 5, windowMs: HOUR },
    otpSendMobile: { max: 5, windowMs: HOUR },
    otpResend: { max: 1, windowMs: 30_000 },
    otpWrongMobile: { max: 10, windowMs: HOUR },
    loginFailures: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE },
    staffSignInAddress: perAddress(10),
    staffSignInFailures: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE },
    staffCodeWrong: { max: 10, windowMs: HOUR },
    staffRequests: { max: 300, windowMs: MINUTE },
    invoiceDownloadCustomer: { max: 30, windowMs: HOUR },
    invoiceDownloadAddress: perAddress(60),
  };
}
