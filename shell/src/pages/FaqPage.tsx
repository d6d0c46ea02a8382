import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from '@storefront/shared/router';
import { CART_TOTAL_LIMIT, formatMoney, MAX_LINE_QUANTITY, PLACEHOLDER_EMAIL, paths, useStores } from '@storefront/shared';
import { InfoPage, type InfoSection } from './InfoPage';

const LIMIT = formatMoney(CART_TOTAL_LIMIT, { whole: true });

interface Qa {
  q: string;
  a: ReactNode;
}

function Faqs({ items }: { items: Qa[] }) {
  return (
    <>
      {items.map((item) => (
        <details key={item.q} className="sh-faq">
          <summary>{item.q}</summary>
          <div className="sh-faq__answer">{item.a}</div>
        </details>
      ))}
    </>
  );
}

/** FAQ (spec §2 information page): orders, payment, shipping, returns and account questions. */
const FaqPage = observer(function FaqPage() {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  const email = info.email || PLACEHOLDER_EMAIL;

  const sections: InfoSection[] = [
    {
      id: 'orders',
      title: 'Orders',
      body: (
        <Faqs
          items={[
            {
              q: 'Do I need an account to order?',
              a: (
                <p>
                  No. You can check out as a guest: we confirm your mobile number with a one-time code (OTP) and send order updates to it.
                  An account lets you see all your orders, keep a wishlist and save your address for next time —{' '}
                  <Link to={paths.signup}>create one</Link> in under a minute.
                </p>
              ),
            },
            {
              q: 'Is there a limit on how much I can order?',
              a: (
                <p>
                  One order can be worth up to {LIMIT}, and you can add up to {MAX_LINE_QUANTITY} pieces of any one item and size (fewer
                  when stock is low). For bulk or corporate orders, write to <a href={`mailto:${email}`}>{email}</a> and we will quote you
                  separately.
                </p>
              ),
            },
            {
              q: 'How do I track my order?',
              a: (
                <p>
                  Use <Link to={paths.trackOrder()}>Track Order</Link> with the order number from your confirmation SMS or e-mail. Signed-in
                  customers also see every order and its status under <Link to={paths.myAccount.orders}>My Orders</Link>.
                </p>
              ),
            },
            {
              q: 'Can I cancel an order?',
              a: (
                <p>
                  Yes, until it leaves our partner&apos;s warehouse. Open <Link to={paths.myAccount.orders}>My Orders</Link>, choose the
                  order and select Cancel Order with a reason. Once an order is shipped it can no longer be cancelled, but you can return it
                  after delivery.
                </p>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      body: (
        <Faqs
          items={[
            {
              q: 'Which payment methods do you accept?',
              a: (
                <p>
                  UPI (Google Pay, PhonePe, Paytm, BHIM), RuPay, Visa and Mastercard debit and credit cards, net banking from all major
                  banks, and Cash on Delivery. Card details are handled by an RBI-authorised payment gateway; we never see or store your
                  full card number.
                </p>
              ),
            },
            {
              q: 'Is Cash on Delivery available?',
              a: (
                <p>
                  Yes, on most pin codes for orders up to {LIMIT}. Please keep the exact amount ready or pay the delivery partner by UPI at
                  your door. If COD is not available at your pin code, checkout will tell you before you place the order.
                </p>
              ),
            },
            {
              q: 'Do prices include GST? Will I get a GST invoice?',
              a: (
                <p>
                  All prices are in Indian rupees and include GST. A tax invoice is e-mailed when your order ships and is also inside the
                  parcel. If you need your GSTIN on the invoice for input tax credit, write to us with your order number and GSTIN before
                  the order is shipped.
                </p>
              ),
            },
            {
              q: 'My payment failed but money was debited. What now?',
              a: (
                <p>
                  Don&apos;t worry — a failed payment is reversed by your bank automatically, usually within 5–7 working days. If it has not
                  reached you by then, contact us with the transaction reference and we will chase it with the payment gateway.
                </p>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'shipping',
      title: 'Shipping and delivery',
      body: (
        <Faqs
          items={[
            {
              q: 'Do you charge for delivery?',
              a: <p>No. Shipping is free on every order, all over India.</p>,
            },
            {
              q: 'How long does delivery take?',
              a: (
                <p>
                  Orders are packed within 1 working day. Metro cities usually receive them in 2–4 working days, the rest of India in 4–7,
                  and the North-East, Jammu &amp; Kashmir, Ladakh, and the Andaman &amp; Nicobar and Lakshadweep islands in 7–10. Festive
                  sales and weather can add a day or two.
                </p>
              ),
            },
            {
              q: 'Can I change my delivery address after ordering?',
              a: (
                <p>
                  Only before the order ships. Contact us quickly with the order number and the new address including its six-digit pin
                  code.
                </p>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'returns',
      title: 'Returns and refunds',
      body: (
        <Faqs
          items={[
            {
              q: 'What is your return policy?',
              a: (
                <p>
                  You can return most items within 7 days of delivery if they are unused, unwashed and have their original tags and
                  packaging. Innerwear, socks, cosmetics and items marked non-returnable cannot be returned for hygiene reasons, unless they
                  arrived damaged or wrong.
                </p>
              ),
            },
            {
              q: 'The product arrived damaged or different from what I ordered.',
              a: (
                <p>
                  We are sorry! Write to <a href={`mailto:${email}`}>{email}</a> within 48 hours of delivery with your order number and
                  photos of the product and the parcel. We will arrange a free pickup and a replacement or full refund.
                </p>
              ),
            },
            {
              q: 'When will I get my refund?',
              a: (
                <p>
                  Once the returned item passes a quality check (usually 2 working days after pickup), prepaid orders are refunded to the
                  original payment method within 5–7 working days. For Cash on Delivery orders we refund to your bank account or UPI ID.
                </p>
              ),
            },
          ]}
        />
      ),
    },
    {
      id: 'account',
      title: 'Account and sign-in',
      body: (
        <Faqs
          items={[
            {
              q: 'I forgot my password.',
              a: (
                <p>
                  Use <Link to={paths.forgotPassword}>Forgot password</Link> to get a reset link by e-mail, or sign in with a one-time code
                  sent to your registered mobile number instead.
                </p>
              ),
            },
            {
              q: 'How do I update my address or change my password?',
              a: (
                <p>
                  Sign in and open <Link to={paths.myAccount.address}>Address</Link> or{' '}
                  <Link to={paths.myAccount.password}>Change Password</Link> from My Account.
                </p>
              ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <InfoPage
      title="Frequently Asked Questions"
      lead={`Quick answers about ordering from ${info.store_name}: payment, delivery, returns and your account.`}
      sections={sections}
    >
      <div className="sh-callout">
        <p>
          Still have a question? <Link to={paths.contact}>Contact us</Link> or visit <Link to={paths.support}>Support</Link> — we are
          available {info.store_time}.
        </p>
      </div>
    </InfoPage>
  );
});

export default FaqPage;
