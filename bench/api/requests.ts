// How the API benches talk to the API: its key, JSON calls, and the multipart form the shop's list sends.
import { BENCH_API_KEY } from '../lib/apiServer.mjs';

const BOUNDARY = '----storefront-bench';

/** Headers of every request: the API key; `json` and `form` add their content type. */
export const headers = {
  common: { 'x-api-key': BENCH_API_KEY } as Record<string, string>,
  json: { 'x-api-key': BENCH_API_KEY, 'content-type': 'application/json' } as Record<string, string>,
  form: { 'x-api-key': BENCH_API_KEY, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } as Record<string, string>,
};

/** A multipart/form-data body of text fields (the shop's product list posts one). */
export function multipart(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;
}

export interface Answer<T> {
  status: number;
  data: T;
  message?: unknown;
}

/** POSTs `body` as JSON (signed in with `token` when given) and returns the answer's status and envelope. */
export async function postJson<T>(base: string, url: string, body: unknown, token?: string): Promise<Answer<T>> {
  const h = token ? { ...headers.json, authorization: `Bearer ${token}` } : headers.json;
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
  const parsed = (await res.json()) as { data: T; message?: unknown };
  return { status: res.status, data: parsed.data, message: parsed.message };
}

/** The same, for a call that must succeed: its data, or an error with the status and message. */
export async function postOk<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const a = await postJson<T>(base, url, body, token);
  if (a.status >= 300) throw new Error(`${url}: ${a.status} ${JSON.stringify(a.message)}`);
  return a.data;
}

/** Signs up `count` shoppers (email `<prefix><i>@example.in`) over `bases` in turn; their bearer tokens. */
export async function registerShoppers(bases: string[], count: number, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const base = bases[i % bases.length] ?? '';
    const auth = await postOk<{ token: string }>(base, '/api/customer/register', {
      firstName: 'Bench',
      lastName: `Shopper${i}`,
      email: `${prefix}${i}@example.in`,
      password: 'Bench@123',
    });
    tokens.push(auth.token);
  }
  return tokens;
}
