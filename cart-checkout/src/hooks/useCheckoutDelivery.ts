import { useEffect } from 'react';
import { codRulesOf, codSummary, formatMoney, PINCODE_PATTERN, useStores, type PincodeCheck } from '@storefront/shared';

const PINCODE = new RegExp(PINCODE_PATTERN);

export interface CheckoutDelivery {
  /** "Delivered by …" for the typed pincode once known (or why it is not served). */
  estimate: string | null;
  /** Cash on delivery for this pincode and order: offered (with its fee) or why not; null until known. */
  cod: { offered: boolean; text: string } | null;
  /** The COD fee in rupees a cash order adds (0 when none or not known). */
  codFee: number;
  /** The owner's threshold ("₹2,000") when this cash order is above it and needs the mobile proved by a code. */
  codCodeAbove: string | null;
}

/**
 * Issue 39 at checkout: checks the address's pincode once it is six digits (the shared DeliveryStore, so it
 * is remembered for the product page too); the answer for it, once known.
 */
export function useCheckoutPincode(pincode: string): PincodeCheck | null {
  const { delivery } = useStores();
  const pin = pincode.trim();
  const valid = PINCODE.test(pin);
  useEffect(() => {
    if (valid && !delivery.resultFor(pin)) void delivery.check(pin);
  }, [valid, pin, delivery]);
  return valid ? delivery.resultFor(pin) : null;
}

/** What the answer means for this order's value (paise): the server applies the same rules at the order. */
export function checkoutDelivery(answer: PincodeCheck | null, orderValue: number | null, prepaidOffered: boolean): CheckoutDelivery {
  if (!answer) return { estimate: null, cod: null, codFee: 0, codCodeAbove: null };
  if (!answer.serviceable || !answer.delivery) return { estimate: answer.cod.reason, cod: null, codFee: 0, codCodeAbove: null };
  const cod = codSummary(answer, orderValue ?? undefined, prepaidOffered);
  const above = codRulesOf(answer).otpAbove;
  return {
    estimate: answer.delivery.text,
    cod,
    codFee: cod.offered ? Number.parseFloat(answer.cod.fee) : 0,
    codCodeAbove:
      cod.offered && above !== null && orderValue !== null && orderValue > above
        ? formatMoney(above / 100, { whole: above % 100 === 0 })
        : null,
  };
}
