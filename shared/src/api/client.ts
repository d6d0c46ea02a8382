import { ApiError, toMessages } from './errors';
import type { CallOptions } from './Api';
import { hasPrefetched, takePrefetched } from '../prefetch';
import { requestKey, type AnswerSink, type AnswerSource } from './answers';

/** What the shell hands to `createApiClient`: the runtime config and its session policies. */
export interface ApiClientOptions {
  baseURL: string;
  /** Sent as `x-api-key` on every request (spec §6). */
  apiKey: string;
  /** The current bearer token, read at request time from the persisted auth state. */
  getToken: () => string | null | undefined;
  /** Called on a 401 answer to a call that carried a token: the shell decides (local logout). */
  onUnauthorized?: () => void;
  /** A server render's answers: identical calls are answered from them while the page hydrates. */
  answers?: AnswerSource;
  /** Told of every request sent and how it ended (the server render records its reads). */
  sink?: AnswerSink;
}

export interface RequestOptions extends CallOptions {
  params?: Record<string, string | number>;
  /**
   * Identical in-flight requests (method, url, params, body) share one promise (spec §7). On for reads;
   * writes opt out so two deliberate clicks stay two calls.
   */
  dedupe?: boolean;
}

/** The HTTP seam: JSON in and out, multipart for the product list; failures become `ApiError`. */
export interface ApiClient {
  get<T>(url: string, opts?: RequestOptions): Promise<T | null>;
  post<T>(url: string, body?: unknown, opts?: RequestOptions): Promise<T | null>;
  postForm<T>(url: string, form: Record<string, string>, opts?: RequestOptions): Promise<T | null>;
  /** How many requests are in flight now (diagnostics and tests). */
  readonly inFlight: number;
}

/** Field errors of an error answer (`errors: { field: message | [message, …] }`), first message each. */
function fieldErrorsOf(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const out: Record<string, string> = {};
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return out;
  for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

/** An answer's body: its JSON when it is JSON, else its text ('' when empty), as the API's callers expect. */
async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The page's one HTTP client, on the platform's `fetch` (the browser's, and Node's in the server render).
 * It was axios until issue 19: 21 KB gzip on every page's load for what `fetch` does here — JSON in and
 * out, a multipart form, a query string, an abort signal. No timeout (spec §7). A cancelled request (its
 * signal aborted) resolves to `null`; every other failure rejects with `ApiError` (status 0 when no
 * answer came).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseURL.replace(/\/$/, '');
  const pending = new Map<string, Promise<unknown>>();
  let inFlight = 0;

  async function send<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions, form: boolean): Promise<T | null> {
    const token = options.getToken();
    const headers: Record<string, string> = { 'x-api-key': options.apiKey, Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: FormData | string | undefined;
    if (form && body) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body as Record<string, string>)) fd.append(k, v);
      payload = fd;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const query = opts.params ? `?${new URLSearchParams(Object.entries(opts.params).map(([k, v]) => [k, String(v)])).toString()}` : '';
    const key = requestKey(method, url, opts.params, body);
    inFlight += 1;
    try {
      let res: Response;
      let data: unknown;
      try {
        res = await fetch(`${base}${url}${query}`, { method, headers, body: payload, signal: opts.signal });
        data = await bodyOf(res);
      } catch (err) {
        if (opts.signal?.aborted) return null;
        options.sink?.failed(key, err);
        throw new ApiError(0, []);
      }
      if (!res.ok) {
        const apiError = new ApiError(res.status, toMessages((data as { message?: unknown } | null)?.message), fieldErrorsOf(data));
        options.sink?.failed(key, apiError);
        if (res.status === 401 && token) options.onUnauthorized?.();
        throw apiError;
      }
      options.sink?.answered(key, data);
      return data as T;
    } finally {
      inFlight -= 1;
    }
  }

  /** The start-up's prefetched answer to this call when there is one, else a real request. */
  async function adoptOrSend<T>(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    opts: RequestOptions,
    form: boolean,
  ): Promise<T | null> {
    const prefetched = await takePrefetched(method, url);
    if (prefetched) return prefetched.data as T;
    return send<T>(method, url, body, opts, form);
  }

  function request<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions = {}, form = false): Promise<T | null> {
    const answered = options.answers?.find(requestKey(method, url, opts.params, body));
    if (answered) return Promise.resolve(answered.data as T);
    // Public reads the start-up already asked for (no params, no body) take that answer.
    if (body === undefined && !opts.params && hasPrefetched(method, url)) {
      const key = requestKey(method, url, undefined, undefined);
      const p = adoptOrSend<T>(method, url, body, opts, form).finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    }
    const dedupe = opts.dedupe ?? method === 'GET';
    // A caller with its own signal must be able to cancel without cancelling the others.
    if (!dedupe || opts.signal) return send<T>(method, url, body, opts, form);
    const key = requestKey(method, url, opts.params, body);
    const existing = pending.get(key);
    if (existing) return existing as Promise<T | null>;
    const p = send<T>(method, url, body, opts, form).finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  }

  return {
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    postForm: (url, form, opts) => request('POST', url, form, opts, true),
    get inFlight() {
      return inFlight;
    },
  };
}
