/**
 * Answers of a server render (issue 8). The host renders a public page's first screen on the server;
 * every read the render makes is recorded under its request key, and the same answers travel to the
 * browser inside the page. The browser's API client answers identical calls from them while the page
 * hydrates, so the stores hold exactly what the server rendered (no hydration mismatch) and the API
 * is asked once, not twice.
 */

/** The key of a request: method, path, query parameters and body (also the in-flight de-duplication key). */
export function requestKey(method: string, url: string, params: unknown, body: unknown): string {
  return `${method.toUpperCase()} ${url} ${JSON.stringify(params ?? null)} ${JSON.stringify(body ?? null)}`;
}

/** Where the API client looks for an answer before it sends a request. */
export interface AnswerSource {
  /** The answer recorded under this key, or undefined (the client sends the request). */
  find(key: string): { data: unknown } | undefined;
}

/** What the API client tells about each request it sent (the server render records them). */
export interface AnswerSink {
  answered(key: string, data: unknown): void;
  failed(key: string, error: unknown): void;
}

/**
 * The server's answers in the browser. They serve every identical call until `close()` — the shell
 * closes them once the first screen has hydrated (the loader before hydration and the page's own
 * effect after it both read the same answer); after that every call goes to the server again.
 */
export class ServerAnswers implements AnswerSource {
  private readonly entries: Map<string, unknown>;
  private open = true;

  constructor(entries: Record<string, unknown> | null | undefined) {
    this.entries = new Map(entries && typeof entries === 'object' ? Object.entries(entries) : []);
  }

  find(key: string): { data: unknown } | undefined {
    if (!this.open || !this.entries.has(key)) return undefined;
    return { data: this.entries.get(key) };
  }

  /** How many answers came with the page. */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.open = false;
    this.entries.clear();
  }
}

/**
 * Records a server render's reads. A render is only worth sending when every read succeeded:
 * `complete` is false after any failure, and the host then serves the page without a server render
 * (the browser asks again and handles the error the usual way).
 */
export class AnswerRecorder implements AnswerSink {
  readonly answers: Record<string, unknown> = {};
  readonly failures: { key: string; error: unknown }[] = [];

  answered(key: string, data: unknown): void {
    this.answers[key] = data;
  }

  failed(key: string, error: unknown): void {
    this.failures.push({ key, error });
  }

  get complete(): boolean {
    return this.failures.length === 0;
  }
}
