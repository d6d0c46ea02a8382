import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { Field, formatMoney } from '@storefront/shared';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import './CouponForm.css';

interface Props {
  store: CheckoutStore;
  /** Coupons price the customer's server cart, so a guest verifies the mobile first. */
  disabledReason?: string | null;
}

/** Coupon code field (spec §5: the server message or 'Invalid Code' under the field); removable. */
export const CouponForm = observer(function CouponForm({ store, disabledReason }: Props) {
  const [code, setCode] = useState('');
  const applied = store.coupon;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await store.applyCoupon(code)) setCode('');
  };

  if (applied) {
    return (
      <div className="cc-coupon">
        <p className="cc-coupon__applied" role="status">
          <span>
            Coupon {applied.code} applied: − {formatMoney(applied.discount_amount)}
          </span>
          <button type="button" className="cc-btn cc-btn--link" onClick={store.removeCoupon} aria-label={`Remove coupon ${applied.code}`}>
            Remove
          </button>
        </p>
      </div>
    );
  }

  const error = store.couponError ?? undefined;
  return (
    <form className="cc-coupon" onSubmit={(e) => void submit(e)} aria-label="Coupon" noValidate>
      <div className="cc-coupon__row">
        <Field classPrefix="cc-field" id="cc-coupon-code" label="Coupon code" error={error} hint={disabledReason ?? undefined}>
          {(aria) => (
            <input
              name="coupon_code"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              autoComplete="off"
              disabled={!!disabledReason}
              {...aria}
            />
          )}
        </Field>
        <button type="submit" className="cc-btn cc-btn--ghost" disabled={!!disabledReason || store.applyingCoupon || !code.trim()}>
          {store.applyingCoupon ? 'Applying…' : 'Apply'}
        </button>
      </div>
    </form>
  );
});
