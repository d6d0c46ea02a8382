import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { PLACEHOLDER_EMAIL, paths, useStores } from '@storefront/shared';
import { telHref } from '../chrome/links';
import { InfoPage, type InfoSection } from './InfoPage';

/** Support (spec §2 information page): self-service first, then how to reach a person and what to send. */
const SupportPage = observer(function SupportPage() {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  const email = info.email || PLACEHOLDER_EMAIL;

  const sections: InfoSection[] = [
    {
      id: 'reach-us',
      title: 'Talk to us',
      body: (
        <>
          <p>
            Our customer care team is available <strong>{info.store_time}</strong> (IST), except national holidays.
          </p>
          <ul>
            <li>
              E-mail: <a href={`mailto:${email}`}>{email}</a> — we reply within one working day.
            </li>
            {info.mobile_no ? (
              <li>
                Phone / WhatsApp: <a href={telHref(info.mobile_no)}>{info.mobile_no}</a>
              </li>
            ) : null}
            <li>
              Message form: <Link to={paths.contact}>Contact us</Link> — choose a subject so it reaches the right person.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'what-to-send',
      title: 'What to include',
      body: (
        <ol>
          <li>Your order number (from the confirmation SMS or e-mail, or My Orders).</li>
          <li>The mobile number or e-mail you ordered with.</li>
          <li>For a damaged, wrong or missing item: clear photos of the product, its tags and the outer parcel.</li>
          <li>For a payment problem: the UPI or bank transaction reference and the amount.</li>
        </ol>
      ),
    },
    {
      id: 'timelines',
      title: 'How long things take',
      body: (
        <div className="sh-page__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Usual time</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Reply to an e-mail or message</td>
                <td>Within 1 working day</td>
              </tr>
              <tr>
                <td>Return pickup after it is approved</td>
                <td>2–4 working days</td>
              </tr>
              <tr>
                <td>Refund after the return passes quality check</td>
                <td>5–7 working days to the original payment method</td>
              </tr>
              <tr>
                <td>Failed payment reversal by your bank</td>
                <td>5–7 working days</td>
              </tr>
              <tr>
                <td>Complaint to the Grievance Officer</td>
                <td>Acknowledged in 48 hours, resolved within a month</td>
              </tr>
            </tbody>
          </table>
        </div>
      ),
    },
    {
      id: 'escalation',
      title: 'Not resolved?',
      body: (
        <p>
          If you are unhappy with our answer, reply asking for an escalation: your case goes to the Grievance Officer named in our{' '}
          <Link to={`${paths.terms}#grievance`}>Terms of Use</Link>. You can also reach the National Consumer Helpline on 1915.
        </p>
      ),
    },
  ];

  return (
    <InfoPage title="Support" lead="Most answers are a click away. If you need a person, we are here to help." sections={sections}>
      <ul className="sh-cards" aria-label="Self-service">
        <li className="sh-card">
          <h3>Track an order</h3>
          <p>See where your parcel is with your order number.</p>
          <Link to={paths.trackOrder()}>Track Order</Link>
        </li>
        <li className="sh-card">
          <h3>Cancel or return</h3>
          <p>Cancel before shipping, return within 7 days of delivery.</p>
          <Link to={paths.myAccount.orders}>My Orders</Link>
        </li>
        <li className="sh-card">
          <h3>Payments and refunds</h3>
          <p>UPI, cards, net banking, Cash on Delivery and GST invoices.</p>
          <Link to={`${paths.faq}#payment`}>Payment FAQ</Link>
        </li>
        <li className="sh-card">
          <h3>Shipping</h3>
          <p>Free delivery all over India, usually in 2–7 working days.</p>
          <Link to={`${paths.faq}#shipping`}>Delivery FAQ</Link>
        </li>
      </ul>
    </InfoPage>
  );
});

export default SupportPage;
