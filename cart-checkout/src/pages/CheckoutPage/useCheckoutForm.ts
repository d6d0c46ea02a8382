import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { MESSAGES, reportError, useForm, useSessionApplied, useStores, type Validation } from '@storefront/shared';
import { CheckoutStore } from '../../stores/CheckoutStore';
import { EMPTY_ADDRESS, type AddressForm, type PaymentMethod } from '../../stores/checkoutForm';

const schemaOf = (v: Validation) => v.checkoutAddressSchema;

/**
 * The checkout's form and what keeps it filled: the server cart fetched on arrival, the state list once
 * the form shows, the customer's saved address in the fields still empty, the cities of the chosen state.
 */
export function useCheckoutForm(payment: PaymentMethod) {
  const stores = useStores();
  const { auth, cart } = stores;
  const navigate = useNavigate();
  const [store] = useState(() => new CheckoutStore(stores));
  const form = useForm<AddressForm>(schemaOf, store.prefill(EMPTY_ADDRESS), { failure: MESSAGES.somethingWentWrong });
  const { values, setValues } = form;
  // The shopper's own part (lines, totals, the mobile step, the saved address in the fields) comes with
  // the update that applies the session, in a deferred render of its own (docs/performance.md, issue 19).
  const sessionRestored = useSessionApplied();

  useEffect(() => {
    // The order is placed from the server cart (docs/api-contract.md): show what it holds now.
    if (auth.isAuthenticated) cart.fetchCart().catch((err: unknown) => reportError(err, MESSAGES.cartFetchFailed));
    // Once, on arrival: later sign-ins fetch the cart themselves (RootStore).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // Not for the outline or an empty cart, nor in the task that hydrates the page (issue 19: TBT).
  const showsForm = sessionRestored && !cart.isEmpty;
  useEffect(() => {
    if (showsForm) void store.loadStates();
  }, [showsForm, store]);

  // Also right after the OTP sign-in.
  const customer = auth.user?.customer;
  useEffect(() => {
    if (customer) setValues((v) => store.prefill(v));
  }, [customer, store, setValues]);

  useEffect(() => {
    if (values.state && store.states.length) void store.loadCitiesFor(values.state);
  }, [values.state, store, store.states.length]);

  const placeOrder = form.handleSubmit(async (v) => {
    const outcome = await store.submitOrder(v, payment);
    if (outcome.kind === 'invalid') form.setErrors(outcome.errors);
    else if (outcome.kind === 'needs-otp') document.getElementById('cc-mobile')?.focus();
    else if (outcome.kind === 'placed' && outcome.fullLoad) window.location.replace(outcome.to);
    else if (outcome.kind === 'placed') navigate(outcome.to, { replace: true, state: outcome.state });
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The form's outline is there before the shopper's cart and session are (an Enter in a field): wait for them.
    if (!sessionRestored) return;
    store.checkGstin();
    void placeOrder(e);
  };

  return { store, form, sessionRestored, onSubmit };
}
