import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { CART_TOTAL_LIMIT, formatMoney, PLACEHOLDER_EMAIL, paths, useStores } from '@storefront/shared';
import { InfoPage, type InfoSection } from './InfoPage';

/** Terms of Use (spec §2 information page), written for an online shop selling within India. */
const TermsPage = observer(function TermsPage() {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  const name = info.store_name;
  const email = info.email || PLACEHOLDER_EMAIL;
  const limit = formatMoney(CART_TOTAL_LIMIT, { whole: true });

  const sections: InfoSection[] = [
    {
      id: 'acceptance',
      title: '1. About these terms',
      body: (
        <>
          <p>
            These terms govern your use of the {name} website and every purchase you make on it. By browsing, creating an account or placing
            an order you agree to them, together with our <Link to={paths.privacy}>Privacy Policy</Link>. They are an electronic record
            under the Information Technology Act, 2000 and need no signature.
          </p>
          <p>You must be at least 18 years old, or use the site under the supervision of a parent or guardian.</p>
        </>
      ),
    },
    {
      id: 'account',
      title: '2. Your account',
      body: (
        <ul>
          <li>Give accurate details: your name, e-mail, mobile number and delivery address.</li>
          <li>Keep your password and one-time codes (OTP) private. We will never ask you for them by phone or e-mail.</li>
          <li>You are responsible for orders placed from your account. Tell us at once if you suspect misuse.</li>
          <li>We may suspend accounts used for fraud, abuse of offers or reselling in violation of these terms.</li>
        </ul>
      ),
    },
    {
      id: 'orders',
      title: '3. Orders, prices and payment',
      body: (
        <>
          <p>
            Prices are in Indian rupees and include GST. Shipping is free. Your order is an offer to buy; the contract is made when we ship
            it. We may decline or cancel an order — for example if an item is out of stock, a price was clearly shown in error, or the
            payment is flagged as fraudulent — and will refund anything you paid in full.
          </p>
          <p>
            One order may be worth up to {limit}, and the quantity of an item per order is limited. Cash on Delivery is offered at our
            discretion and may not be available at every pin code. Coupons are subject to their own conditions, cannot be exchanged for cash
            and one coupon applies per order.
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: '4. Delivery',
      body: (
        <p>
          We deliver across India through courier partners. Delivery times shown are estimates. Risk in the goods passes to you on delivery.
          Please check the parcel at delivery and refuse it if it is visibly tampered with.
        </p>
      ),
    },
    {
      id: 'cancellation',
      title: '5. Cancellations, returns and refunds',
      body: (
        <p>
          You can cancel an order until it is shipped, and return eligible products within 7 days of delivery, as described in our{' '}
          <Link to={`${paths.faq}#returns`}>returns FAQ</Link>. Refunds go to the original payment method (or your bank account or UPI ID
          for Cash on Delivery) within 5–7 working days of the return passing its quality check. Your rights under the Consumer Protection
          Act, 2019 and the Consumer Protection (E-Commerce) Rules, 2020 are not affected.
        </p>
      ),
    },
    {
      id: 'use',
      title: '6. Using the site',
      body: (
        <ul>
          <li>Do not copy, scrape or republish product content, photographs or prices without our written permission.</li>
          <li>Do not try to break, overload or gain unauthorised access to the site or other customers&apos; data.</li>
          <li>Reviews and messages you send must be honest and lawful; we may remove content that is not.</li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: '7. Liability',
      body: (
        <p>
          We take care to describe products accurately; colours may vary slightly between screens. To the extent the law allows, our
          liability for any order is limited to the amount you paid for it, and we are not liable for indirect losses. Nothing in these
          terms limits liability that cannot be limited by law.
        </p>
      ),
    },
    {
      id: 'law',
      title: '8. Governing law and disputes',
      body: (
        <p>
          These terms are governed by the laws of India. We will try to resolve any complaint amicably first; failing that, the courts with
          jurisdiction over our registered office will decide, without prejudice to your right to approach a consumer commission.
        </p>
      ),
    },
    {
      id: 'grievance',
      title: '9. Grievance officer and contact',
      body: (
        <p>
          Under the Consumer Protection (E-Commerce) Rules, 2020 our Grievance Officer acknowledges complaints within 48 hours and resolves
          them within one month. Write to <a href={`mailto:${email}`}>{email}</a> with your order number, or use our{' '}
          <Link to={paths.contact}>contact form</Link>.
        </p>
      ),
    },
  ];

  return (
    <InfoPage
      title="Terms of Use"
      lead={`The rules for shopping with ${name}: your account, orders and payment, delivery, returns and your rights.`}
      updated="1 November 2026"
      sections={sections}
    />
  );
});

export default TermsPage;
