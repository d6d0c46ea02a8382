/** One message to one person: a code by SMS, a reset link by e-mail. */
export interface Message {
  channel: 'sms' | 'email';
  /** A 10-digit Indian mobile (SMS) or an e-mail address. */
  to: string;
  /** E-mail subject; SMS gateways ignore it. */
  subject: string;
  text: string;
  /** Template variables a gateway body may use besides the text (`{{code}}` for DLT templates). */
  vars?: Record<string, string>;
  /**
   * Which registered SMS template the text belongs to: 'notice' for order notices (SMS_NOTICE_WEBHOOK_BODY
   * when set); otherwise the one-time code's (SMS_WEBHOOK_BODY).
   */
  template?: 'notice';
}

/** Delivers messages of one channel. Throws when the provider refuses or cannot be reached. */
export interface MessageSender {
  readonly channel: Message['channel'];
  send(message: Message): Promise<void>;
  close?(): Promise<void>;
}
