import type { FastifyReply } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { bool, str, strings, type Props, type replies } from './answers';

const messageSchema = { anyOf: [str, strings] } as const;

export const errorSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: messageSchema,
    errors: { type: 'object', additionalProperties: str, description: 'first message of each invalid field' },
  },
  additionalProperties: false,
} as const;

/** Issue 39: a tax document download (the PDF, or an error answer), and which of an order's documents. */
export const documentReply = {
  200: { description: 'PDF document', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
  '4xx': errorSchema,
  '5xx': errorSchema,
} as const;
/** Sends a document download (the route's schema is `documentReply`); never cached, the buyer's details are in it. */
export function sendDocument(res: FastifyReply, doc: { filename: string; pdf: Buffer }): FastifyReply {
  return res
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);
}

/** The body of every error answer (the errors plugin sends it). */
export type ErrorAnswer = FromSchema<typeof errorSchema>;

/** What a named reply schema describes, e.g. `Answer<'product'>`. */
export type Answer<K extends keyof typeof replies> = FromSchema<(typeof replies)[K]>;

type Flat<T> = { [K in keyof T]: T[K] };
type Envelope<D, E> = {
  type: 'object';
  required: ['success'];
  additionalProperties: false;
  properties: Flat<{ success: typeof bool; message: typeof messageSchema } & E & (D extends JSONSchema ? { data: D } : unknown)>;
};

/**
 * The success envelope `{ success, message?, data? }` around a data schema (and `extra` fields beside it),
 * answered with `status`, plus the error answers. The handler's return value is typed from it.
 */
export function reply<
  const D extends JSONSchema | undefined = undefined,
  const E extends Props = Record<never, never>,
  const S extends number = 200,
>(data?: D, extra?: E, status?: S) {
  const properties: Record<string, unknown> = { success: bool, message: messageSchema, ...extra };
  if (data !== undefined) properties.data = data;
  return {
    [status ?? 200]: { type: 'object', required: ['success'], additionalProperties: false, properties },
    '4xx': errorSchema,
    '5xx': errorSchema,
  } as Flat<{ [K in S]: Envelope<D, E> } & { '4xx': typeof errorSchema; '5xx': typeof errorSchema }>;
}

export const security = {
  apiKey: [{ apiKey: [] }],
  customer: [{ apiKey: [], bearer: [] }],
} as const;

// ---------- staff (issue 38) ----------

/** OpenAPI: staff routes take the API key and a staff session's bearer (not a customer's). */
export const staffSecurity = [{ apiKey: [], bearer: [] }] as const;
