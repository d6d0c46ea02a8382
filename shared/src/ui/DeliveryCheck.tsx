import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { codRefusal, codRefusalText, type PincodeCheck as PincodeAnswer } from '@storefront/contract/cod';
import { formatMoney } from '../format/money';
import { codRulesOf } from '../stores/DeliveryStore';
import { useSessionApplied, useStores } from '../stores/StoresProvider';
import { Field } from './Field';

const rupees = (paise: number) => formatMoney(paise / 100, { whole: paise % 100 === 0 });

/**
 * What cash on delivery means for this answer and, when known, this order value (paise): offered with
 * its fee, or why not. The order-value rules are the contract's, the same the checkout enforces.
 */
export function codSummary(
  answer: PincodeAnswer,
  orderValue: number | undefined,
  prepaidOffered = true,
): { offered: boolean; text: string } {
  const rules = codRulesOf(answer);
  if (!answer.cod.available) return { offered: false, text: answer.cod.reason ?? codRefusalText('pincode', rules, rupees, prepaidOffered) };
  if (orderValue !== undefined) {
    // The one-time code is asked for at checkout, not refused here: it is a step, not a no.
    const refusal = codRefusal(rules, { orderValue, pincodeCod: true });
    if (refusal) return { offered: false, text: codRefusalText(refusal, rules, rupees, prepaidOffered) };
  }
  const fee = rules.fee > 0 ? ` (fee ${rupees(rules.fee)})` : '';
  const cap = orderValue === undefined && rules.maxOrderValue !== null ? ` on orders up to ${rupees(rules.maxOrderValue)}` : '';
  return { offered: true, text: `Cash on delivery available${cap}${fee}` };
}

export interface DeliveryCheckProps {
  /** Prefix of the field's id: unique on the page. */
  id: string;
  /** The order's value in paise, when there is one (cart): cash on delivery is judged against it too. */
  orderValue?: number;
}

/**
 * Issue 39: "will it reach my pincode, by when, can I pay cash?" on the product page and the cart. The
 * pincode is remembered with the session (the shared DeliveryStore), so it is asked once; a signed-in
 * shopper who has checked none starts from their default saved address's. Renders the same
 * empty form on the server and while hydrating; the remembered pincode is checked once the session is
 * applied. The answer's box keeps its height, so an answer moves nothing below it.
 */
export const DeliveryCheck = observer(function DeliveryCheck({ id, orderValue }: DeliveryCheckProps) {
  const { delivery, storeInfo } = useStores();
  const applied = useSessionApplied();
  const [typed, setTyped] = useState<string | null>(null);
  const remembered = applied ? delivery.remembered : '';
  const value = typed ?? remembered;
  const answer = delivery.resultFor(value.trim());
  const prepaidOffered = storeInfo.paymentMethods.includes('prepaid');

  useEffect(() => {
    if (remembered && !delivery.resultFor(remembered) && !delivery.checking) void delivery.check(remembered);
    // Once the session is applied, and when signing in brings a default address: later checks are the shopper's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remembered]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void delivery.check(value);
  };
  const cod = answer?.serviceable ? codSummary(answer, orderValue, prepaidOffered) : null;

  return (
    <section className="sf-pincode" aria-label="Delivery">
      <form className="sf-pincode__form" onSubmit={submit} noValidate>
        <Field id={`${id}-pincode`} label="Check delivery to your pincode" error={delivery.error}>
          {(aria) => (
            <div className="sf-pincode__row">
              <input
                name="pincode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                placeholder="6-digit pincode"
                value={value}
                onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
                {...aria}
              />
              <button type="submit" className="sf-button sf-button--ghost" disabled={delivery.checking}>
                {delivery.checking ? 'Checking…' : 'Check'}
              </button>
            </div>
          )}
        </Field>
      </form>
      <div className="sf-pincode__result" aria-live="polite">
        {answer && answer.serviceable && answer.delivery ? (
          <>
            <p className="sf-pincode__date">
              <strong>{answer.delivery.text}</strong>
              {answer.district ? ` · ${answer.district}` : ''}
            </p>
            <p className={cod?.offered ? 'sf-pincode__cod' : 'sf-pincode__cod sf-pincode__cod--no'}>{cod?.text}</p>
          </>
        ) : answer ? (
          <p className="sf-pincode__cod sf-pincode__cod--no">{answer.cod.reason}</p>
        ) : null}
      </div>
    </section>
  );
});
