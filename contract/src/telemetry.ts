/**
 * What the shell's telemetry client sends to the host's `POST /telemetry` (issue 17): a batch of events,
 * each tagged with the remote ('shell' for the shell's own pages), the version this shopper runs of it
 * and the route *pattern* (`/products/:slug`, never the address). Nothing about the shopper: no message,
 * stack, URL or id. The host validates it (ops/src/telemetry/schema.ts); the shell builds it
 * (shell/src/telemetry/).
 */
export type TelemetryEventType = 'view' | 'error' | 'load' | 'fallback' | 'vital';

export interface TelemetryEvent {
  /** view: a page shown; error: boundary | unhandled | rejection; load: chunk | manifest failure; fallback: lkg | unavailable; vital. */
  t: TelemetryEventType;
  r: string;
  v: string;
  route: string;
  k?: string;
  /** vital: LCP, INP, TTFB in ms; CLS unitless. */
  n?: number;
}

export interface TelemetryBatch {
  events: TelemetryEvent[];
}

/** Events per batch: the client sends when this many wait, the host refuses a longer batch. */
export const TELEMETRY_MAX_EVENTS = 50;
/** Bytes of one batch the host reads: a full batch of 50 events is about 5 KB. */
export const TELEMETRY_MAX_BODY = 16 * 1024;

/** The kinds each event type may carry (a view carries none). */
export const TELEMETRY_KINDS: Record<Exclude<TelemetryEventType, 'view'>, readonly string[]> = {
  error: ['boundary', 'unhandled', 'rejection'],
  load: ['chunk', 'manifest'],
  fallback: ['lkg', 'unavailable'],
  vital: ['LCP', 'INP', 'CLS', 'TTFB'],
};
