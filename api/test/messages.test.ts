import { loadConfig } from '../src/config';
import { SmsWebhookSender } from '../src/messages/sms';
import { SmtpSender } from '../src/messages/smtp';
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
