import type { AxiosInstance } from 'axios';
import { ApiError, toMessages } from './errors';
import type { CallOptions } from './Api';
import { hasPrefetched, takePrefetched } from '../prefetch';
import { requestKey, type AnswerSink, type AnswerSource } from './answers';
import { loadOnce } from '../loadOnce';

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
  /** A file as the request body, sent with its own type (a picture: `image/jpeg`); never de-duplicated. */
  postFile<T>(url: string, file: Blob, opts?: RequestOptions): Promise<T | null>;
  /** A file (a PDF) as a Blob, never de-duplicated; an error answer (JSON) becomes `ApiError` as usual. */
  getFile(url: string, opts?: CallOptions): Promise<Blob | null>;
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

type AxiosModule = typeof import('axios');

const INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Runs `start` once, on the first tap, key or focus anywhere in the page. */
function onFirstInput(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, start: () => void): void {
  const once = () => {
    for (const type of INPUT_EVENTS) target.removeEventListener(type, once, true);
    start();
  };
  for (const type of INPUT_EVENTS) target.addEventListener(type, once, { capture: true, passive: true });
}

/**
 * axios is its own chunk (never holding up the shared package or hydration), loaded when first needed
 * (see `createApiClient`); the first screen's data mostly comes from the prefetch or the server render's
 * answers. Named, so a bench or a test can tell it among the page's scripts.
 */
const loadAxios = loadOnce<AxiosModule>(() => import(/* webpackChunkName: "axios" */ 'axios'));

/** An `ApiError` for a failed axios request: the server's status, messages and field errors, or status 0. */
function toApiError(err: unknown, ax: AxiosModule | undefined): ApiError {
  if (err instanceof ApiError) return err;
  const res = ax?.isAxiosError(err) ? err.response : undefined;
  if (!res) return new ApiError(0, []);
  const data = res.data as { message?: unknown } | null;
  return new ApiError(res.status, toMessages(data?.message), fieldErrorsOf(data));
}

/**
 * The page's one HTTP client: one axios instance (the browser's and the server render's). Interceptors
 * put the API key and the bearer token (read at request time) on every request and turn every failure
 * into `ApiError` (status 0 when no answer came); a cancelled request (its signal aborted) resolves to
 * `null`. No timeout (spec §7). The fetch adapter: the server render and the tests run on Node, which
 * has no XMLHttpRequest, and the client uses nothing only xhr does (progress events).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const instance = loadOnce(async (): Promise<AxiosInstance> => {
    const ax = await loadAxios();
    const http = ax.default.create({
      baseURL: options.baseURL.replace(/\/$/, ''),
      adapter: 'fetch',
      timeout: 0,
      headers: { Accept: 'application/json' },
      // Forms are built as the platform's FormData, which fetch sends, on Node too (not axios's Node package).
      env: { FormData: globalThis.FormData },
    });
    http.interceptors.request.use((config) => {
      config.headers.set('x-api-key', options.apiKey);
      const token = options.getToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    http.interceptors.response.use(undefined, (err: unknown) => {
      if (ax.isCancel(err)) throw err;
      const apiError = toApiError(err, ax);
      // The 401 policy (spec §6) only when this request carried a token: a guest's 401 ends nothing.
      if (apiError.status === 401 && ax.isAxiosError(err) && err.config?.headers.has('Authorization')) options.onUnauthorized?.();
      throw apiError;
    });
    return http;
  });
  // In a page, axios comes with the first request that needs it: a guest reading the catalogue or on a
  // cart or sign-in page makes none as the page loads (its data came with the server render, or is the
  // shopper's own in storage) and so never downloads it; the shopper's first tap or key starts it, so a
  // request that tap brings rarely waits for it.
  if (typeof document !== 'undefined') onFirstInput(window, () => void instance().catch(() => undefined));

  const pending = new Map<string, Promise<unknown>>();
  let inFlight = 0;

  async function send<T>(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    opts: RequestOptions,
    form: boolean,
    contentType?: string,
  ): Promise<T | null> {
    const key = requestKey(method, url, opts.params, body);
    inFlight += 1;
    let ax: AxiosModule | undefined;
    try {
      ax = await loadAxios();
      const http = await instance();
      // A multipart content type makes axios build the form from the object; it leaves the boundary to
      // the platform (without it, Node's axios would label the form url-encoded).
      const headers = form ? { 'Content-Type': 'multipart/form-data' } : contentType ? { 'Content-Type': contentType } : undefined;
      const res = await http.request<unknown>({ method, url, data: body, params: opts.params, headers, signal: opts.signal });
      options.sink?.answered(key, res.data);
      return res.data as T;
    } catch (err) {
      // A chunk that failed to load is a request that did not get through: status 0, tried again next time.
      if (opts.signal?.aborted || ax?.isCancel(err)) return null;
      const apiError = toApiError(err, ax);
      options.sink?.failed(key, apiError);
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
    const prefetched = await takePrefetched(method, url, options.getToken() ?? null);
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

  async function getFile(url: string, opts: CallOptions = {}): Promise<Blob | null> {
    inFlight += 1;
    let ax: AxiosModule | undefined;
    try {
      ax = await loadAxios();
      const http = await instance();
      // Every status is answered here: an error answer arrives as a Blob too, and its JSON is read below.
      const res = await http.request<Blob>({ method: 'GET', url, responseType: 'blob', validateStatus: () => true, signal: opts.signal });
      if (res.status >= 200 && res.status < 300) return res.data;
      const body = (await res.data
        .text()
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => null)) as { message?: unknown } | null;
      if (res.status === 401 && options.getToken()) options.onUnauthorized?.();
      throw new ApiError(res.status, toMessages(body?.message), fieldErrorsOf(body));
    } catch (err) {
      if (opts.signal?.aborted || ax?.isCancel(err)) return null;
      throw toApiError(err, ax);
    } finally {
      inFlight -= 1;
    }
  }

  return {
    getFile,
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    postForm: (url, form, opts) => request('POST', url, form, opts, true),
    postFile: (url, file, opts) => send('POST', url, file, opts ?? {}, false, file.type || 'application/octet-stream'),
    get inFlight() {
      return inFlight;
    },
  };
}
