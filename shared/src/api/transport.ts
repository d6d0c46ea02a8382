import type { AxiosInstance } from 'axios';
import { ApiError, toMessages } from './errors';
import type { CallOptions } from './Api';
import { requestKey } from './answers';
import { loadOnce } from '../loadOnce';
import type { ApiClientOptions, RequestOptions } from './client';

type AxiosModule = typeof import('axios');

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
 * (see `createTransport`); the first screen's data mostly comes from the prefetch or the server render's
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
 * The one axios instance, made on first use: the API key and the bearer token (read at request time)
 * on every request, every failure an `ApiError`, and the 401 policy (spec §6) for requests that carried
 * a token — a guest's 401 ends nothing. No timeout (spec §7). The fetch adapter: the server render and
 * the tests run on Node, which has no XMLHttpRequest, and the client uses nothing only xhr does.
 */
function axiosInstance(options: ApiClientOptions): () => Promise<AxiosInstance> {
  return loadOnce(async (): Promise<AxiosInstance> => {
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
      if (apiError.status === 401 && ax.isAxiosError(err) && err.config?.headers.has('Authorization')) options.onUnauthorized?.();
      throw apiError;
    });
    return http;
  });
}

/** How a request's body travels: JSON (the default), a multipart form, or a file with its own type. */
export type BodyKind = { form: true } | { contentType: string } | undefined;

function headersFor(kind: BodyKind): Record<string, string> | undefined {
  // A multipart content type makes axios build the form from the object; it leaves the boundary to
  // the platform (without it, Node's axios would label the form url-encoded).
  if (!kind) return undefined;
  return 'form' in kind ? { 'Content-Type': 'multipart/form-data' } : { 'Content-Type': kind.contentType };
}

/** What goes over the wire: each request once, with the sink told how it ended; a cancelled one is `null`. */
export interface Transport {
  send<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions, kind?: BodyKind): Promise<T | null>;
  getFile(url: string, opts?: CallOptions): Promise<Blob | null>;
  readonly inFlight: number;
}

/** The error a file request's error answer (JSON read from its Blob) stands for. */
async function fileError(status: number, data: Blob): Promise<ApiError> {
  const body = (await data
    .text()
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => null)) as { message?: unknown } | null;
  return new ApiError(status, toMessages(body?.message), fieldErrorsOf(body));
}

export function createTransport(options: ApiClientOptions): Transport {
  const instance = axiosInstance(options);
  // In a page, axios comes with the first request that needs it: a guest reading the catalogue or on a
  // cart or sign-in page makes none as the page loads, and so never downloads it; the shopper's first
  // tap or key starts it, so a request that tap brings rarely waits for it.
  if (typeof document !== 'undefined') onFirstInput(window, () => void instance().catch(() => undefined));
  let inFlight = 0;

  async function send<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions, kind?: BodyKind): Promise<T | null> {
    const key = requestKey(method, url, opts.params, body);
    inFlight += 1;
    let ax: AxiosModule | undefined;
    try {
      ax = await loadAxios();
      const http = await instance();
      const res = await http.request<unknown>({
        method,
        url,
        data: body,
        params: opts.params,
        headers: headersFor(kind),
        signal: opts.signal,
      });
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

  async function getFile(url: string, opts: CallOptions = {}): Promise<Blob | null> {
    inFlight += 1;
    let ax: AxiosModule | undefined;
    try {
      ax = await loadAxios();
      const http = await instance();
      // Every status is answered here: an error answer arrives as a Blob too, and its JSON is read.
      const res = await http.request<Blob>({ method: 'GET', url, responseType: 'blob', validateStatus: () => true, signal: opts.signal });
      if (res.status >= 200 && res.status < 300) return res.data;
      if (res.status === 401 && options.getToken()) options.onUnauthorized?.();
      throw await fileError(res.status, res.data);
    } catch (err) {
      if (opts.signal?.aborted || ax?.isCancel(err)) return null;
      throw toApiError(err, ax);
    } finally {
      inFlight -= 1;
    }
  }

  return {
    send,
    getFile,
    get inFlight() {
      return inFlight;
    },
  };
}
