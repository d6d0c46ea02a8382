/**
 * What the shell's telemetry client sends to `POST /telemetry` (shell/src/telemetry/client.ts), as a
 * JSON schema Fastify validates with Ajv. A batch is a list of events, each tagged with the remote
 * ('shell' for the shell's own pages), its version and the route *pattern* (`/products/:slug`, never
 * the address). No message, stack, URL, id or anything else about the shopper is accepted.
 */
export const MAX_EVENTS = 50;
/** Bytes: a full batch of 50 events is about 5 KB. */
export const MAX_BODY = 16 * 1024;

export type EventType = 'view' | 'error' | 'load' | 'fallback' | 'vital';

export interface TelemetryEvent {
  /** view: a page shown; error: boundary | unhandled | rejection; load: chunk | manifest failure; fallback: lkg | unavailable; vital. */
  t: EventType;
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

export const KINDS: Record<Exclude<EventType, 'view'>, readonly string[]> = {
  error: ['boundary', 'unhandled', 'rejection'],
  load: ['chunk', 'manifest'],
  fallback: ['lkg', 'unavailable'],
  vital: ['LCP', 'INP', 'CLS', 'TTFB'],
};

/**
 * Fastify's Ajv runs with `removeAdditional: true`, which would quietly strip an unknown field where
 * `additionalProperties` is `false`; a schema that nothing matches makes an unknown field fail the
 * batch instead (a client sending more than it should is a client to drop, not to trust in part).
 */
const NOTHING_ELSE = { not: {} } as const;

export const BATCH_SCHEMA = {
  type: 'object',
  additionalProperties: NOTHING_ELSE,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EVENTS,
      items: {
        type: 'object',
        additionalProperties: NOTHING_ELSE,
        required: ['t', 'r', 'v', 'route'],
        properties: {
          t: { type: 'string', enum: ['view', 'error', 'load', 'fallback', 'vital'] },
          r: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,31}$' },
          v: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z._+-]{0,127}$' },
          // A pattern from the shell's route table: segments, `:params`, a trailing `*`.
          route: { type: 'string', pattern: '^/[A-Za-z0-9_:*/-]{0,80}$' },
          k: { type: 'string', enum: [...new Set(Object.values(KINDS).flat())] },
          n: { type: 'number', minimum: 0, maximum: 600000 },
        },
      },
    },
  },
} as const;

/** Whether an event that passed the schema also makes sense (a kind its type has, a value for a vital). */
export function coherent(e: TelemetryEvent): boolean {
  if (e.t === 'view') return e.k === undefined && e.n === undefined;
  const kinds = KINDS[e.t];
  if (e.k === undefined || !kinds.includes(e.k)) return false;
  if (e.t === 'vital') return typeof e.n === 'number' && (e.k !== 'CLS' || e.n <= 100);
  return e.n === undefined;
}
