import { fieldErrorsOf, type CheckoutPayload, type Coupon, type Customer, type SavedAddress } from '@storefront/shared';

/** The checkout form of spec §5 (checkout address). */
export interface AddressForm {
  email: string;
  firstname: string;
  lastname: string;
  address: string;
  pincode: string;
  alt_phone_number: string;
  state: string;
  city: string;
}

export const EMPTY_ADDRESS: AddressForm = {
  email: '',
  firstname: '',
  lastname: '',
  address: '',
  pincode: '',
  alt_phone_number: '',
  state: '',
  city: '',
};

export type PaymentMethod = 'cod' | 'prepaid';

export type FieldErrors = Partial<Record<keyof AddressForm, string>>;

/** Fills the empty fields from the signed-in customer and the saved shipping address (spec §3). */
export function prefillFrom(c: Customer | null, values: AddressForm): AddressForm {
  if (!c) return values;
  const a = c.shipping_address;
  const pick = (current: string, saved: string | null | undefined) => current || (saved ?? '');
  // A city only makes sense with its own state: take the saved one only with the saved state.
  const sameState = !values.state || values.state === a?.state;
  return {
    email: pick(values.email, c.email),
    firstname: pick(values.firstname, c.firstname),
    lastname: pick(values.lastname, c.lastname),
    address: pick(values.address, a?.address),
    pincode: pick(values.pincode, a?.pincode),
    // alt_phone_number defaults to the phone number (spec §3): only a different one is an alternate.
    alt_phone_number: pick(
      values.alt_phone_number,
      a?.alt_phone_number ?? (c.alt_phone_number !== c.phone_number ? c.alt_phone_number : ''),
    ),
    state: pick(values.state, a?.state),
    city: sameState ? pick(values.city, a?.city) : values.city,
  };
}

/** Whether the form's address fields hold this saved address (editing one makes it a new address). */
export function holdsAddress(values: AddressForm, a: SavedAddress): boolean {
  return a.address === values.address.trim() && a.pincode === values.pincode.trim() && a.city === values.city && a.state === values.state;
}

/** The form with a saved address's fields in it, or its address fields emptied for a new one (null). */
export function withAddress(values: AddressForm, a: SavedAddress | null): AddressForm {
  return {
    ...values,
    address: a?.address ?? '',
    pincode: a?.pincode ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    alt_phone_number: a?.alt_phone_number ?? '',
  };
}

/** What goes with the order besides the form (issue 39: the chosen saved address and a business buyer's GSTIN). */
export interface OrderExtras {
  coupon: Coupon | null;
  addressId: number | undefined;
  buyerGstin: string;
}

/** `POST /checkout1`'s payload: the form's text without the spaces around it, optional parts only when given. */
export function orderPayload(values: AddressForm, method: PaymentMethod, extras: OrderExtras): CheckoutPayload {
  const alt = values.alt_phone_number.trim();
  const gstin = extras.buyerGstin.trim().toUpperCase();
  return {
    email: values.email.trim(),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    address: values.address.trim(),
    pincode: values.pincode.trim(),
    city: values.city,
    state: values.state,
    payment_method: method,
    ...(alt ? { alt_phone_number: alt } : {}),
    ...(extras.coupon ? { coupon_code: extras.coupon.code } : {}),
    ...(extras.addressId !== undefined ? { address_id: extras.addressId } : {}),
    ...(gstin ? { buyer_gstin: gstin } : {}),
  };
}

/** The server's field errors (400) that belong to this form, or null when none do. */
export function formFieldErrors(err: unknown): FieldErrors | null {
  const all = fieldErrorsOf(err);
  const out: FieldErrors = {};
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressForm)[]) if (all[key]) out[key] = all[key];
  return Object.keys(out).length ? out : null;
}
