/**
 * Request validation with the messages of spec §5. Route schemas are plain JSON Schema (so the OpenAPI
 * document shows them) and carry an `x-messages` annotation per field: keyword → message. Ajv runs with
 * `allErrors` and `verbose`; `fieldErrors` turns its errors into `{ field: first message }`.
 */

export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: unknown;
  data?: unknown;
}

type Messages = Record<string, string>;

const PRIORITY = ['required', 'type', 'minLength', 'pattern', 'format', 'maxLength', 'minimum', 'maximum', 'enum', 'minItems', 'maxItems'];

function messagesOf(schema: unknown): Messages | undefined {
  if (schema && typeof schema === 'object' && 'x-messages' in schema) {
    const m = (schema as { 'x-messages': unknown })['x-messages'];
    if (m && typeof m === 'object') return m as Messages;
  }
  return undefined;
}

function propertySchema(objectSchema: unknown, name: string): unknown {
  if (objectSchema && typeof objectSchema === 'object' && 'properties' in objectSchema) {
    const props = (objectSchema as { properties: Record<string, unknown> }).properties;
    return props[name];
  }
  return undefined;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A readable fallback when a schema gives no message of its own. */
function fallback(e: AjvLikeError): string {
  switch (e.keyword) {
    case 'required':
      return 'This field is required';
    case 'type':
      return `Must be ${String(e.params.type).replace(/,/g, ' or ')}`;
    case 'minimum':
      return `Must be at least ${String(e.params.limit)}`;
    case 'maximum':
      return `Must be at most ${String(e.params.limit)}`;
    case 'minLength':
      return `Must be at least ${String(e.params.limit)} characters`;
    case 'maxLength':
      return `Cannot exceed ${String(e.params.limit)} characters`;
    case 'enum':
      return 'Is not one of the allowed values';
    case 'maxItems':
      return `Cannot have more than ${String(e.params.limit)} items`;
    case 'minItems':
      return `Must have at least ${String(e.params.limit)} item${e.params.limit === 1 ? '' : 's'}`;
    default:
      return 'Is not valid';
  }
}

/** Field name of an error: the JSON pointer as dots ("/cart_items/0/quantity" → "cart_items.0.quantity"). */
function fieldOf(e: AjvLikeError): string {
  const base = e.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (e.keyword === 'required') {
    const missing = String(e.params.missingProperty ?? '');
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

function messageOf(e: AjvLikeError): string {
  if (e.keyword === 'required') {
    const own = messagesOf(propertySchema(e.parentSchema, String(e.params.missingProperty ?? '')));
    return own?.required ?? fallback(e);
  }
  const own = messagesOf(e.parentSchema);
  // A present but blank value reads as missing (spec §5: "Email is required", not "must match pattern").
  if (own?.required && isBlank(e.data) && e.keyword !== 'type') return own.required;
  return own?.[e.keyword] ?? own?.invalid ?? fallback(e);
}

/** Ajv errors → field errors, the most telling error of each field first; "" is the body as a whole. */
export function fieldErrors(errors: readonly AjvLikeError[]): Record<string, string> {
  const sorted = [...errors].sort((a, b) => rank(a.keyword) - rank(b.keyword));
  const out: Record<string, string> = {};
  for (const e of sorted) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldOf(e);
    if (!(field in out)) out[field] = messageOf(e);
  }
  return out;
}

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i === -1 ? PRIORITY.length : i;
}
