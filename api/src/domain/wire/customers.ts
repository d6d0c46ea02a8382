import type { Customer } from '@storefront/contract';
import { shippingAddressOf, type CustomerRow } from '../../db/repositories/customers';

export function toCustomer(c: CustomerRow): Customer {
  return {
    id: c.id,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    phone_number: c.phone_number,
    // Spec §3: the alternate phone defaults to the phone number when missing.
    alt_phone_number: c.alt_phone_number ?? c.phone_number,
    shipping_address: shippingAddressOf(c),
    // Issue 13: only a verified mobile signs in by OTP; the account page offers to verify it.
    mobile_verified: c.phone_number !== null && c.mobile_verified_at !== null,
    // The account page asks for the code again after a reload, until the new e-mail is proved.
    pending_email: c.pending_email,
  };
}
