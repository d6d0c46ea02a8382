import type { AxiosInstance } from 'axios';
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

type AxiosModule = typeof import('axios');
let axiosModule: Promise<AxiosModule> | null = null;

/**
 * axios (21 KB gzip) is not part of the first screen: the start-up's own fetches bring the first
 * page's data (see ../prefetch.ts), so axios loads with the first request that needs it, or once the
 * page is idle.
 */
export function loadAxios(): Promise<AxiosModule> {
  axiosModule ??= import('axios');
  return axiosModule;
}

function toApiError(err: unknown, ax: AxiosModule): ApiError {
  if (err instanceof ApiError) return err;
  if (ax.isAxiosError(err)) {
    const status = err.response?.status ?? 0;
    const body = err.response?.data as { message?: unknown; errors?: unknown } | undefined;
    const fieldErrors: Record<string, string> = {};
    if (body && typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors)) {
      for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) {
        if (typeof v === 'string') fieldErrors[k] = v;
        else if (Array.isArray(v) && typeof v[0] === 'string') fieldErrors[k] = v[0];
      }
    }
    return new ApiError(status, toMessages(body?.message), fieldErrors);
  }
  return new ApiError(0, []);
}

/**
 * Creates the one axios instance of the page. No timeout (spec §7). A cancelled request (its signal
 * aborted) resolves to `null`; every other failure rejects with `ApiError`.
 */
export function createApiClient(options: ApiClientOptions, instance?: AxiosInstance): ApiClient {
  let http: Promise<AxiosInstance> | null = instance ? Promise.resolve(instance) : null;
  const getHttp = (): Promise<AxiosInstance> => {
    http ??= loadAxios().then((ax) =>
      ax.default.create({
        baseURL: options.baseURL.replace(/\/$/, ''),
        headers: { 'x-api-key': options.apiKey, Accept: 'application/json' },
      }),
    );
    return http;
  };
  const idle =
    typeof window !== 'undefined' ? (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback : undefined;
  if (idle) idle(() => void getHttp().catch(() => undefined));
  const pending = new Map<string, Promise<unknown>>();
  let inFlight = 0;

  async function send<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions, form: boolean): Promise<T | null> {
    const token = options.getToken();
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    let data: unknown = body;
    if (form && body) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body as Record<string, string>)) fd.append(k, v);
      data = fd;
    }
    inFlight += 1;
    let ax: AxiosModule | null = null;
    try {
      ax = await loadAxios();
      const client = await getHttp();
      const res = await client.request<T>({ method, url, params: opts.params, data, headers, signal: opts.signal });
      options.sink?.answered(requestKey(method, url, opts.params, body), res.data);
      return res.data;
    } catch (err) {
      if ((ax && ax.isCancel(err)) || opts.signal?.aborted) return null;
      options.sink?.failed(requestKey(method, url, opts.params, body), err);
      if (!ax) throw new ApiError(0, []);
      const apiError = toApiError(err, ax);
      if (apiError.status === 401 && token) options.onUnauthorized?.();
      throw apiError;
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
