import { makeAutoObservable, runInAction } from 'mobx';
import { PINCODE_PATTERN } from '@storefront/contract/delivery';
import type { CodRules, PincodeCheck } from '@storefront/contract/cod';
import type { Api } from '../api/Api';
import { messageOf } from '../api/errors';

export const PINCODE_INVALID = 'Please enter a valid 6-digit pincode';
export const PINCODE_CHECK_FAILED = 'Could not check this pincode. Please try again.';

const PINCODE = new RegExp(PINCODE_PATTERN);

/** Rupees as the wire gives them ("49.00") → paise, for the contract's rules. */
const paise = (rupees: string) => Math.round(Number.parseFloat(rupees) * 100);

/** The owner's COD rules as a pincode answer carries them (the returns rule is the server's alone). */
export function codRulesOf(check: PincodeCheck): CodRules {
  return {
    fee: paise(check.cod.fee),
    maxOrderValue: check.cod.max_order_value === null ? null : paise(check.cod.max_order_value),
    otpAbove: check.cod.otp_above === null ? null : paise(check.cod.otp_above),
    rtoLimit: null,
  };
}

/**
 * Issue 39: the shopper's delivery pincode, remembered with the session (product page, cart and checkout
 * all ask about the same one), and the last answer for it. Answers are not saved: their dates move daily.
 */
export class DeliveryStore {
  /** The pincode last checked, saved with the session. */
  pincode = '';
  result: PincodeCheck | null = null;
  checking = false;
  error: string | null = null;
  private request = 0;

  constructor(
    private readonly api: Pick<Api, 'checkPincode'>,
    /** The signed-in shopper's default saved address's pincode (the root reads it from the session). */
    private readonly savedPincode: () => string | null | undefined = () => null,
  ) {
    makeAutoObservable<this, 'api' | 'request' | 'savedPincode'>(
      this,
      { api: false, request: false, savedPincode: false },
      { autoBind: true },
    );
  }

  /** The pincode to ask about: the one last checked, else the signed-in shopper's default address's. */
  get remembered(): string {
    if (this.pincode) return this.pincode;
    const saved = this.savedPincode()?.trim() ?? '';
    return PINCODE.test(saved) ? saved : '';
  }

  /** The answer for `pincode` when it is the one last checked. */
  resultFor(pincode: string): PincodeCheck | null {
    return this.result?.pincode === pincode ? this.result : null;
  }

  /** Checks a pincode and remembers it; a later check wins over a slower earlier one. */
  async check(typed: string): Promise<PincodeCheck | null> {
    const pincode = typed.trim();
    if (!PINCODE.test(pincode)) {
      this.error = PINCODE_INVALID;
      return null;
    }
    const request = ++this.request;
    this.error = null;
    this.checking = true;
    this.pincode = pincode;
    try {
      const res = await this.api.checkPincode(pincode);
      const data = res?.data ?? null;
      if (request === this.request && data) runInAction(() => (this.result = data));
      return data;
    } catch (err) {
      if (request === this.request) runInAction(() => (this.error = messageOf(err, PINCODE_CHECK_FAILED)));
      return null;
    } finally {
      if (request === this.request) runInAction(() => (this.checking = false));
    }
  }

  /** Restores the remembered pincode (an unreadable one is dropped). */
  hydrate(saved: { pincode?: unknown } | undefined): void {
    this.pincode = typeof saved?.pincode === 'string' && PINCODE.test(saved.pincode) ? saved.pincode : '';
  }

  get snapshot(): { pincode: string } {
    return { pincode: this.pincode };
  }
}
