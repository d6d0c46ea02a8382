import nodemailer, { type Transporter } from 'nodemailer';
import type { Message, MessageSender } from './types';

/** E-mail over SMTP with nodemailer: `SMTP_URL` (smtp:// or smtps://, credentials in the URL), `MAIL_FROM`. */
export class SmtpSender implements MessageSender {
  readonly channel = 'email' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: Message): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
