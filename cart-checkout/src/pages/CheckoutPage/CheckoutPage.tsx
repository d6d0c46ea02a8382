import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from '@storefront/shared/router';
import {
  Field,
  lineVariant,
  MESSAGES,
  paths,
  reportError,
  SessionSkeleton,
  summarizeLines,
  unitPrice,
  useSessionApplied,
  useStores,
  useDocumentMeta,
} from '@storefront/shared';
import { CodMobileConfirm } from '../../components/CodMobileConfirm/CodMobileConfirm';
import { CodOption } from '../../components/CodOption/CodOption';
import { CouponForm } from '../../components/CouponForm/CouponForm';
import { GuestVerification } from '../../components/GuestVerification/GuestVerification';
import { OrderSummary } from '../../components/OrderSummary/OrderSummary';
import { SavedAddressChooser } from '../../components/SavedAddressChooser/SavedAddressChooser';
import { BuyerGstin } from '../../components/BuyerGstin/BuyerGstin';
import { checkoutDelivery, useCheckoutPincode } from '../../hooks/useCheckoutDelivery';
import { cartLineKey } from '../../lib/cartLineKey';
import { prefetchValidation } from '../../lib/validation';
import {
  CheckoutStore,
  EMPTY_ADDRESS,
  type AddressForm,
  type FieldErrors,
  type OtpStep,
  type PaymentMethod,
} from '../../stores/CheckoutStore';
import '../../styles/common.css';
import './CheckoutPage.css';

const FIELD_ORDER: (keyof AddressForm)[] = ['email', 'firstname', 'lastname', 'address', 'pincode', 'alt_phone_number', 'state', 'city'];

/** Coupons price the customer's server cart (docs/api-contract.md), so they wait for the sign-in. */
function couponBlocked(signedIn: boolean, step: OtpStep): string | null {
  if (signedIn) return null;
  return step === 'details'
    ? 'Coupons apply to a customer cart: your account is created when you place this order.'
    : 'Verify your mobile number to apply a coupon.';
}

/**
 * /checkout (spec §2, §4, §5): contact and address, guest mobile verification, coupon, order summary,
 * payment method, place order.
 */
function CheckoutPage() {
  const stores = useStores();
  const { auth, cart, storeInfo } = stores;
  const navigate = useNavigate();
  const [store] = useState(() => new CheckoutStore(stores));
  const [values, setValues] = useState<AddressForm>(() => store.prefill(EMPTY_ADDRESS));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [chosenPayment, setPayment] = useState<PaymentMethod>('cod');
  // A shop that takes cash on delivery only (PAYMENT_PROVIDER=none) offers no prepaid choice; a choice made
  // before the store information said so falls back to cash on delivery.
  const prepaidOffered = storeInfo.paymentMethods.includes('prepaid');
  const payment: PaymentMethod = prepaidOffered ? chosenPayment : 'cod';
  // The form's fields are nobody's until the session is applied: the server renders them for everyone, so the
  // page paints whole at once (issue 19: LCP). What is the shopper's own (their lines and totals, a guest's
  // mobile step or a customer's number, the saved address in the fields) comes with the update that applies
  // the session, in a deferred render of its own (issue 19: TBT); sized skeletons stand in for it until then.
  const sessionRestored = useSessionApplied();
  useDocumentMeta('Checkout');
  const pincodeAnswer = useCheckoutPincode(values.pincode);

  useEffect(() => {
    // The order is placed from the server cart (docs/api-contract.md): show what it holds now.
    if (auth.isAuthenticated) cart.fetchCart().catch((err: unknown) => reportError(err, MESSAGES.cartFetchFailed));
    // Once, on arrival: later sign-ins fetch the cart themselves (RootStore).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // The state list once the shopper's form shows: not for the outline or an empty cart, and not in the task
  // that hydrates the page and applies the session (issue 19: TBT), but in the commit that fills the form.
  const showsForm = sessionRestored && !cart.isEmpty;
  useEffect(() => {
    if (showsForm) void store.loadStates();
  }, [showsForm, store]);

  // The signed-in customer's saved address fills the fields still empty (also right after the OTP sign-in).
  const customer = auth.user?.customer;
  useEffect(() => {
    if (customer) setValues((v) => store.prefill(v));
  }, [customer, store]);

  useEffect(() => {
    if (values.state && store.states.length) void store.loadCitiesFor(values.state);
  }, [values.state, store, store.states.length]);

  const set = (name: keyof AddressForm) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    prefetchValidation();
    setValues((v) => (name === 'state' ? { ...v, state: value, city: '' } : { ...v, [name]: value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The form's outline is there before the shopper's cart and session are (an Enter in a field): wait for them.
    if (!sessionRestored) return;
    let found: FieldErrors;
    try {
      found = await store.validate(values);
    } catch (err) {
      reportError(err, MESSAGES.somethingWentWrong);
      return;
    }
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(`cc-${first}`)?.focus();
      return;
    }
    const outcome = await store.submitOrder(values, payment);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      return;
    }
    if (outcome.kind === 'needs-otp') {
      document.getElementById('cc-mobile')?.focus();
      return;
    }
    if (outcome.kind === 'placed' && outcome.fullLoad) window.location.replace(outcome.to);
    else if (outcome.kind === 'placed') navigate(outcome.to, { replace: true, state: outcome.state });
  };

  if (sessionRestored && cart.isEmpty && !store.submitting && !store.placed) {
    return (
      <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-checkout-title">
        <h1 id="cc-checkout-title">Checkout</h1>
        <div className="sf-private-region">
          <div className="cc-checkout__empty">
            <p>Your cart is empty.</p>
            <Link className="cc-btn" to={paths.shop()}>
              Continue Shopping
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const summary = sessionRestored
    ? summarizeLines(
        cart.cartItems.map((l) => ({
          key: cartLineKey(l),
          name: l.product_name,
          variation: lineVariant(l)?.product_variation ?? '',
          unitPrice: unitPrice(l),
          quantity: l.quantity,
        })),
        store.discount,
      )
    : null;
  const phone = auth.isAuthenticated ? auth.user?.customer?.phone_number : undefined;
  // Issue 39: the pincode's delivery window and what cash on delivery costs there, for this order.
  const delivery = checkoutDelivery(pincodeAnswer, summary ? Math.round(summary.total * 100) : null, prepaidOffered);

  const text = (
    name: keyof AddressForm,
    label: string,
    props: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'email' | 'tel';
      maxLength?: number;
      wide?: boolean;
      help?: string;
    } = {},
  ) => {
    const id = `cc-${name}`;
    return (
      <Field
        classPrefix="cc-field"
        id={id}
        label={label}
        error={errors[name]}
        className={props.wide ? 'cc-field--wide' : undefined}
        hint={props.help}
      >
        {(aria) => (
          <input
            name={name}
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            maxLength={props.maxLength}
            value={values[name]}
            onChange={set(name)}
            {...aria}
          />
        )}
      </Field>
    );
  };

  return (
    <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-checkout-title">
      <h1 id="cc-checkout-title">Checkout</h1>
      <div className="cc-checkout sf-private-region">
        <div className="cc-checkout__main">
          <form id="cc-checkout-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Checkout">
            <div className="cc-checkout__main">
              <fieldset className="cc-fieldset">
                <legend>Contact</legend>
                {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email', wide: true })}
                {text('firstname', 'First name', { autoComplete: 'given-name', maxLength: 50 })}
                {text('lastname', 'Last name', { autoComplete: 'family-name', maxLength: 50 })}
              </fieldset>
              <fieldset className="cc-fieldset">
                <legend>Shipping address</legend>
                <SavedAddressChooser store={store} values={values} onChoose={(a) => setValues((v) => store.withAddress(v, a))} />
                <Field classPrefix="cc-field" id="cc-address" label="Address" error={errors.address} className="cc-field--wide">
                  {(aria) => (
                    <textarea
                      name="address"
                      rows={3}
                      autoComplete="street-address"
                      value={values.address}
                      onChange={set('address')}
                      {...aria}
                    />
                  )}
                </Field>
                <Field classPrefix="cc-field" id="cc-state" label="State" error={errors.state}>
                  {(aria) => (
                    <select name="state" value={values.state} onChange={set('state')} aria-busy={store.statesLoading} {...aria}>
                      <option value="">{store.statesLoading ? 'Loading states…' : 'Select a state'}</option>
                      {store.states.map((s) => (
                        <option key={s.id} value={s.name}>
                          {s.name}
                        </option>
                      ))}
                      {values.state && !store.states.some((s) => s.name === values.state) ? (
                        <option value={values.state}>{values.state}</option>
                      ) : null}
                    </select>
                  )}
                </Field>
                <Field classPrefix="cc-field" id="cc-city" label="City" error={errors.city}>
                  {(aria) => (
                    <select
                      name="city"
                      value={values.city}
                      onChange={set('city')}
                      disabled={!values.state}
                      aria-busy={store.citiesLoading}
                      {...aria}
                    >
                      <option value="">
                        {store.citiesLoading ? 'Loading cities…' : values.state ? 'Select a city' : 'Select a state first'}
                      </option>
                      {store.cities.map((c) => (
                        <option key={c.id} value={c.name}>
                          {c.name}
                        </option>
                      ))}
                      {values.city && !store.cities.some((c) => c.name === values.city) ? (
                        <option value={values.city}>{values.city}</option>
                      ) : null}
                    </select>
                  )}
                </Field>
                {text('pincode', 'Pincode', {
                  autoComplete: 'postal-code',
                  inputMode: 'numeric',
                  maxLength: 6,
                  help: delivery.estimate ?? undefined,
                })}
                {text('alt_phone_number', 'Alternate phone (optional)', {
                  type: 'tel',
                  autoComplete: 'tel-national',
                  inputMode: 'numeric',
                  maxLength: 10,
                })}
                <BuyerGstin store={store} />
              </fieldset>
              <fieldset className="cc-fieldset">
                <legend>Payment method</legend>
                <CodOption checked={payment === 'cod'} onChoose={() => setPayment('cod')} cod={delivery.cod} />
                {payment === 'cod' && delivery.codCodeAbove && phone && store.otpStep !== 'done' ? (
                  <CodMobileConfirm mobile={phone} threshold={delivery.codCodeAbove} />
                ) : null}
                {prepaidOffered && (
                  <label className="cc-radio">
                    <input
                      type="radio"
                      name="payment_method"
                      value="prepaid"
                      checked={payment === 'prepaid'}
                      onChange={() => setPayment('prepaid')}
                    />
                    <span>
                      Pay online (prepaid)
                      <small>You will confirm the payment on the next page.</small>
                    </span>
                  </label>
                )}
              </fieldset>
            </div>
          </form>
          {/* The mobile comes last in the column: whether it asks for a code (a guest) or names the number (a
              customer) is the shopper's own, and below the fields its size cannot move them once known. */}
          {!summary ? (
            <SessionSkeleton label="Loading your cart" blocks={['var(--cc-mobile-step-height)']} />
          ) : !auth.isAuthenticated || store.otpStep === 'done' ? (
            <fieldset className="cc-fieldset">
              <legend>Mobile verification</legend>
              <GuestVerification store={store} />
            </fieldset>
          ) : phone ? (
            <fieldset className="cc-fieldset">
              <legend>Mobile</legend>
              <p>Mobile: {phone}</p>
            </fieldset>
          ) : null}
        </div>
        <aside className="cc-checkout__aside" aria-label="Order summary">
          {!summary ? (
            <SessionSkeleton blocks={[320]} />
          ) : (
            <OrderSummary summary={summary} codFee={payment === 'cod' ? delivery.codFee : 0}>
              <CouponForm store={store} disabledReason={couponBlocked(auth.isAuthenticated, store.otpStep)} />
              <button type="submit" form="cc-checkout-form" className="cc-btn" disabled={store.submitting}>
                {store.submitting ? 'Placing order…' : 'Place order'}
              </button>
            </OrderSummary>
          )}
        </aside>
      </div>
    </section>
  );
}

export default observer(CheckoutPage);
