import type { Config } from './settings';
import { DEV_DEFAULTS } from './settings';

/** A URL to this machine (a local relay): nothing sent to it crosses a network. */
function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Whether mail is sent over TLS: implicit (smtps://), STARTTLS made mandatory (nodemailer's `requireTLS`
 * in the URL's query), or to this machine. Plain smtp:// alone upgrades only if the server offers it.
 */
function smtpUsesTls(smtpUrl: string): boolean {
  if (smtpUrl.startsWith('smtps://') || isLoopbackUrl(smtpUrl)) return true;
  try {
    return new URL(smtpUrl).searchParams.get('requireTLS') === 'true';
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What makes this configuration unsafe to serve real shoppers: one line per problem, empty when fine. Only
 * production is checked; the server refuses to start on any line (the demo account is checked on the
 * database, see `bootstrap.ts`).
 */
export function configProblems(config: Config): string[] {
  if (config.dev) return [];
  const problems: string[] = [];
  if (config.apiKey === DEV_DEFAULTS.API_KEY) problems.push('API_KEY is the development key: set a key of your own');
  if (config.storeToken === DEV_DEFAULTS.STORE_TOKEN) problems.push('STORE_TOKEN is the development token: set a token of your own');
  if (!config.storeUrl) problems.push('STORE_URL (the public origin, e.g. https://shop.example.in) is not set');
  else if (!isHttpUrl(config.storeUrl)) problems.push(`STORE_URL is not an http(s) URL: ${config.storeUrl}`);
  const { smtpUrl, mailFrom, sms } = config.messages;
  if (!sms) problems.push('no SMS sender: set SMS_WEBHOOK_URL (one-time codes for sign-in and checkout are sent by SMS)');
  else {
    if (!isHttpUrl(sms.url)) problems.push(`SMS_WEBHOOK_URL is not an http(s) URL: ${sms.url}`);
    else if (!sms.url.startsWith('https://') && !isLoopbackUrl(sms.url))
      problems.push(`SMS_WEBHOOK_URL must be https:// (codes travel in it), or http:// to this machine only: ${sms.url}`);
    try {
      JSON.parse(sms.bodyTemplate);
    } catch {
      problems.push('SMS_WEBHOOK_BODY is not valid JSON');
    }
    if (sms.noticeBodyTemplate !== null) {
      try {
        JSON.parse(sms.noticeBodyTemplate);
      } catch {
        problems.push('SMS_NOTICE_WEBHOOK_BODY is not valid JSON');
      }
    }
  }
  if (!smtpUrl) problems.push('no e-mail sender: set SMTP_URL (password reset links are sent by e-mail)');
  else if (!/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');
  else if (!smtpUsesTls(smtpUrl))
    problems.push('SMTP_URL must use TLS: smtps://…, or smtp://…?requireTLS=true (its password and reset links travel in it)');
  if (smtpUrl && !mailFrom) problems.push('MAIL_FROM (the sender address of e-mails) is not set');
  problems.push(...config.payments.problems);
  problems.push(...config.invoices.problems);
  for (const p of config.trustedProxies) {
    if (p === '*' || p === '0.0.0.0/0' || p === '::/0') problems.push(`TRUSTED_PROXIES must not trust every address (${p})`);
  }
  return problems;
}
