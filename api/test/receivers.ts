import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The far ends of the message senders, started by the test on free ports and speaking the real protocols:
 * an HTTP endpoint standing in for an Indian SMS gateway, and an SMTP server (smtp-server) for e-mail.
 * Nothing inside the product is replaced.
 */
export interface SmsRequest {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface SmsReceiver {
  url: string;
  received: SmsRequest[];
  /** Answers every later request with this status (a gateway outage). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startSmsReceiver(): Promise<SmsReceiver> {
  const received: SmsRequest[] = [];
  let failure: number | null = null;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      if (failure) {
        res.writeHead(failure, { 'content-type': 'application/json' }).end('{"type":"error"}');
        return;
      }
      received.push({ headers: req.headers, body: JSON.parse(data) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  mails: Mail[];
  close(): Promise<void>;
}

/** A real SMTP server with AUTH PLAIN/LOGIN over plain TCP (tests only), keeping every message it accepts. */
export async function startSmtpReceiver(user = 'shop', pass = 'smtp-secret'): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of the newest SMS to `mobile` (the gateway body's text). */
export function lastCode(sms: SmsReceiver, mobile: string): string {
  const hit = [...sms.received].reverse().find((r) => JSON.stringify(r.body).includes(mobile));
  const match = hit ? /\b(\d{6})\b/.exec(JSON.stringify(hit.body)) : null;
  if (!match?.[1]) throw new Error(`no SMS with a code to ${mobile}`);
  return match[1];
}

/** An SMS gateway and an SMTP server for the whole test file (started before its tests, closed after). */
export function receiversForFile(): { sms: SmsReceiver; smtp: SmtpReceiver } {
  const receivers = {} as { sms: SmsReceiver; smtp: SmtpReceiver };
  beforeAll(async () => {
    receivers.sms = await startSmsReceiver();
    receivers.smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await receivers.sms.close();
    await receivers.smtp.close();
  });
  return receivers;
}
