import type { CallOptions } from './Api';
import { dropPrefetched, hasPrefetched, takePrefetched } from '../prefetch';
import { requestKey, type AnswerSink, type AnswerSource } from './answers';
import { createTransport, type BodyKind } from './transport';

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

/**
 * The page's one HTTP client (the browser's and the server render's) over one axios instance (see
 * `createTransport`): a server render's answer or the start-up's prefetch answers a call first, then
 * identical reads in flight share one request. A cancelled request (its signal aborted) resolves to `null`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = createTransport(options);
  const pending = new Map<string, Promise<unknown>>();

  /** One promise for every identical call while the first is on its way. */
  function shared<T>(key: string, start: () => Promise<T | null>): Promise<T | null> {
    const existing = pending.get(key);
    if (existing) return existing as Promise<T | null>;
    const p = start().finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  }

  /** The start-up's prefetched answer to this call when there is one, else a real request. */
  async function adoptOrSend<T>(method: 'GET' | 'POST', url: string, opts: RequestOptions, kind: BodyKind): Promise<T | null> {
    const prefetched = await takePrefetched(method, url, options.getToken() ?? null);
    if (prefetched) return prefetched.data as T;
    return transport.send<T>(method, url, undefined, opts, kind);
  }

  function request<T>(method: 'GET' | 'POST', url: string, body: unknown, opts: RequestOptions = {}, kind?: BodyKind): Promise<T | null> {
    const answered = options.answers?.find(requestKey(method, url, opts.params, body));
    if (answered) {
      if (body === undefined && !opts.params) dropPrefetched(method, url);
      return Promise.resolve(answered.data as T);
    }
    // Public reads the start-up already asked for (no params, no body) take that answer.
    if (body === undefined && !opts.params && hasPrefetched(method, url)) {
      return shared(requestKey(method, url, undefined, undefined), () => adoptOrSend<T>(method, url, opts, kind));
    }
    const dedupe = opts.dedupe ?? method === 'GET';
    // A caller with its own signal must be able to cancel without cancelling the others.
    if (!dedupe || opts.signal) return transport.send<T>(method, url, body, opts, kind);
    return shared(requestKey(method, url, opts.params, body), () => transport.send<T>(method, url, body, opts, kind));
  }

  return {
    getFile: (url, opts) => transport.getFile(url, opts),
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    postForm: (url, form, opts) => request('POST', url, form, opts, { form: true }),
    postFile: (url, file, opts) => transport.send('POST', url, file, opts ?? {}, { contentType: file.type || 'application/octet-stream' }),
    get inFlight() {
      return transport.inFlight;
    },
  };
}
