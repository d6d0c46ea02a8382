import { loadConfig } from '../src/config';
import { SmsWebhookSender } from '../src/messages/sms';
import { SmtpSender } from '../src/messages/smtp';
import { STORE_TOKEN, get, makeApp, ok, post, registerCustomer, uniqueMobile } from './helpers';
import { startSmsReceiver, startSmtpReceiver } from './receivers';

/** The two real adapters against local receivers speaking HTTP and SMTP (issue 13). */
describe('message senders', () => {
  it('SMS: fills the JSON template without letting a value break out of its string', async () => {
    const sms = await startSmsReceiver();
    try {
      const config = loadConfig({
        SMS_WEBHOOK_URL: sms.url,
        SMS_WEBHOOK_AUTH: 'Bearer gw-token',
        SMS_WEBHOOK_BODY: '{"to":"{{e164}}","body":"{{text}}","meta":{"otp":"{{code}}","n":1}}',
      });
      if (!config.messages.sms) throw new Error('no SMS config');
      const sender = new SmsWebhookSender(config.messages.sms);
      const text = 'He said "hi"\n}, "evil": true, {"';
      await sender.send({ channel: 'sms', to: '9876543210', subject: '', text, vars: { code: '123456' } });
      expect(sms.received[0]?.headers.authorization).toBe('Bearer gw-token');
      expect(sms.received[0]?.body).toEqual({ to: '+919876543210', body: text, meta: { otp: '123456', n: 1 } });
      sms.failWith(500);
      await expect(sender.send({ channel: 'sms', to: '9876543210', subject: '', text: 'x' })).rejects.toThrow('SMS gateway answered 500');
    } finally {
      await sms.close();
    }
  });

  it('SMTP: authenticates with the URL credentials and delivers from MAIL_FROM', async () => {
    const smtp = await startSmtpReceiver();
    const sender = new SmtpSender(smtp.url, 'Shop <orders@shop.example.in>');
    try {
      await sender.send({ channel: 'email', to: 'asha@example.in', subject: 'Reset your password', text: 'Open the link' });
      expect(smtp.mails[0]).toMatchObject({ from: 'orders@shop.example.in', to: ['asha@example.in'] });
      expect(smtp.mails[0]?.raw).toContain('Subject: Reset your password');
      const wrong = new SmtpSender(smtp.url.replace('smtp-secret', 'wrong'), 'Shop <orders@shop.example.in>');
      await expect(wrong.send({ channel: 'email', to: 'asha@example.in', subject: 's', text: 't' })).rejects.toThrow();
      await wrong.close();
    } finally {
      await sender.close();
      await smtp.close();
    }
  });
});

/** What the shopper reads names the shop (SHOP_NAME), not the software. */
describe('message texts', () => {
  it('SHOP_NAME is read trimmed; development defaults to the demo shop; production without it names STORE_URL’s host', () => {
    expect(loadConfig({ NODE_ENV: 'development', SHOP_NAME: '  Kirana Bazaar ' }).shopName).toBe('Kirana Bazaar');
    expect(loadConfig({ NODE_ENV: 'development' }).shopName).toBe('Storefront');
    expect(loadConfig({ NODE_ENV: 'production', STORE_URL: 'https://shop.example.in/' }).shopName).toBe('shop.example.in');
    expect(loadConfig({ NODE_ENV: 'production', STORE_URL: 'https://shop.example.in', SHOP_NAME: 'Kirana Bazaar' }).shopName).toBe(
      'Kirana Bazaar',
    );
  });

  it('the OTP SMS and the password reset e-mail carry the shop’s name', async () => {
    const t = await makeApp({ shopName: 'Kirana Bazaar' });
    try {
      const mobile = uniqueMobile();
      const sent = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
      const [sms] = ok(await get<{ subject: string; text: string }[]>(t.app, `/dev/outbox?to=${mobile}`));
      expect(sms?.text).toBe(`${sent.otp} is your Kirana Bazaar one-time code. It expires in 5 minutes. Do not share it with anyone.`);

      const c = await registerCustomer(t.app);
      ok(await post(t.app, '/customer/forgot-password', { email: c.email }));
      const [mail] = ok(await get<{ subject: string; text: string }[]>(t.app, `/dev/outbox?to=${encodeURIComponent(c.email)}`));
      expect(mail?.subject).toBe('Reset your Kirana Bazaar password');
      expect(`${mail?.subject} ${mail?.text}`).not.toContain('Storefront');
    } finally {
      await t.close();
    }
  });
});
