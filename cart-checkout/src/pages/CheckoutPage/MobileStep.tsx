import { observer } from 'mobx-react-lite';
import { SessionSkeleton, useStores } from '@storefront/shared';
import { GuestVerification } from '../../components/GuestVerification/GuestVerification';
import type { CheckoutStore } from '../../stores/CheckoutStore';

interface Props {
  store: CheckoutStore;
  /** False until the shopper's session is applied: a sized skeleton holds the place. */
  sessionKnown: boolean;
  phone: string | null | undefined;
}

/**
 * The mobile, last in the column: whether it asks for a code (a guest) or names the number (a customer)
 * is the shopper's own, and below the fields its size cannot move them once known.
 */
export const MobileStep = observer(function MobileStep({ store, sessionKnown, phone }: Props) {
  const { auth } = useStores();
  if (!sessionKnown) return <SessionSkeleton label="Loading your cart" blocks={['var(--cc-mobile-step-height)']} />;
  if (!auth.isAuthenticated || store.otpStep === 'done') {
    return (
      <fieldset className="cc-fieldset">
        <legend>Mobile verification</legend>
        <GuestVerification store={store} />
      </fieldset>
    );
  }
  if (!phone) return null;
  return (
    <fieldset className="cc-fieldset">
      <legend>Mobile</legend>
      <p>Mobile: {phone}</p>
    </fieldset>
  );
});
