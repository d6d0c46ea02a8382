/**
 * The telemetry batch of the contract (`@storefront/contract/telemetry`) as a JSON schema Fastify
 * validates with Ajv. No message, stack, URL, id or anything else about the shopper is accepted.
 */
import { REMOTE_NAME_PATTERN, VERSION_PATTERN } from '@storefront/contract/seam';
import {
  TELEMETRY_KINDS as KINDS,
  TELEMETRY_MAX_BODY,
  TELEMETRY_MAX_EVENTS as MAX_EVENTS,
  type TelemetryBatch,
  type TelemetryEvent,
  type TelemetryEventType,
} from '@storefront/contract/telemetry';

export { KINDS, MAX_EVENTS, type TelemetryBatch, type TelemetryEvent };
export type EventType = TelemetryEventType;
export const MAX_BODY = TELEMETRY_MAX_BODY;

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
          r: { type: 'string', pattern: REMOTE_NAME_PATTERN },
          v: { type: 'string', pattern: VERSION_PATTERN },
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
