import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { PLACEHOLDER_EMAIL, paths, useStores } from '@storefront/shared';
import { InfoPage, type InfoSection } from './InfoPage';

/** Privacy Policy (spec §2 information page), following India's Digital Personal Data Protection Act, 2023. */
const PrivacyPolicyPage = observer(function PrivacyPolicyPage() {
  const { storeInfo } = useStores();
  const info = storeInfo.info;
  const name = info.store_name;
  const email = info.email || PLACEHOLDER_EMAIL;

  const sections: InfoSection[] = [
    {
      id: 'summary',
      title: 'In short',
      body: (
        <ul>
          <li>We collect what we need to deliver your orders and run your account — nothing more.</li>
          <li>We never sell your personal data.</li>
          <li>You can see, correct or delete your data, and withdraw consent, at any time.</li>
        </ul>
      ),
    },
    {
      id: 'collect',
      title: 'What we collect',
      body: (
        <div className="sh-page__table">
          <table>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Name, e-mail, mobile number</td>
                <td>Your account, sign-in by password or OTP, order updates</td>
              </tr>
              <tr>
                <td>Delivery address and pin code</td>
                <td>Delivering your orders, checking Cash on Delivery availability</td>
              </tr>
              <tr>
                <td>Order history, cart and wishlist</td>
                <td>Showing your orders, cancellations, returns, and keeping your cart between visits</td>
              </tr>
              <tr>
                <td>Payment status (not card numbers)</td>
                <td>Confirming payment and issuing refunds; card and UPI details stay with the payment gateway</td>
              </tr>
              <tr>
                <td>Messages you send us</td>
                <td>Answering your questions and complaints</td>
              </tr>
            </tbody>
          </table>
        </div>
      ),
    },
    {
      id: 'device',
      title: 'Storage on your device',
      body: (
        <p>
          We keep your session, cart and the store&apos;s settings in your browser&apos;s local storage so that you stay signed in and your
          cart survives a reload. Signing out clears it. We do not use third-party advertising trackers.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <p>
          Only with the partners who help fulfil your order: the seller or wholesaler of the product, courier partners (name, phone,
          address), the payment gateway, and our hosting and SMS providers — each bound by contract to use the data only for that purpose.
          We disclose data to authorities only when Indian law requires it.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          Account data is kept while your account is active. Invoices and order records are kept for 8 years as required by Indian tax law.
          Newsletter subscriptions last until you unsubscribe.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <>
          <p>Under the Digital Personal Data Protection Act, 2023 you can:</p>
          <ul>
            <li>ask for a summary of the personal data we hold about you and whom we shared it with;</li>
            <li>
              correct, complete or update it (most of it directly under <Link to={paths.myAccount.profile}>My Account</Link>);
            </li>
            <li>ask us to erase it, unless the law requires us to keep it;</li>
            <li>withdraw consent, for example to marketing e-mails, at any time;</li>
            <li>nominate a person to exercise these rights on your behalf; and</li>
            <li>complain to our Grievance Officer and, if unresolved, to the Data Protection Board of India.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Data travels over HTTPS, passwords are stored only as salted hashes, and access to customer data is limited to staff who need it.
          If a breach affects you, we will inform you and the Data Protection Board as the law requires.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Grievance Officer',
      body: (
        <p>
          Questions or requests about your data: write to our Grievance Officer at <a href={`mailto:${email}`}>{email}</a> or through the{' '}
          <Link to={paths.contact}>contact form</Link>. We reply within 72 hours and resolve requests within 30 days.
        </p>
      ),
    },
  ];

  return (
    <InfoPage
      title="Privacy Policy"
      lead={`How ${name} collects, uses and protects your personal data, and the rights you have over it.`}
      updated="1 November 2026"
      sections={sections}
    />
  );
});

export default PrivacyPolicyPage;
