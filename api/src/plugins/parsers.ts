import fp from 'fastify-plugin';
import { FormDataError, parseFormData } from '../lib/formData';
import { fieldError } from '../lib/errors';

/** Spec §5 gives no wording for it: what the shopper's form shows next to the field. */
export const NUL_REFUSED = 'Text must not contain NUL characters';

/**
 * The first string under `value` that holds a NUL character, as the field path of it (`''` for the value
 * itself). PostgreSQL cannot store NUL in text (22021) and nothing a shopper types contains one.
 */
function nulField(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  // A raw body (the payment webhook's, checked by its signature) is bytes, not text fields.
  if (!value || typeof value !== 'object' || depth > 8 || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulField(inner, at ? `${at}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Request bodies beyond Fastify's JSON: an empty JSON body, multipart forms (spec §7) and URL-encoded forms.
 * And one rule for every string of every request, before any schema: no NUL (issue 35).
 */
export const parsersPlugin = fp(
  async (app) => {
    // An empty JSON body (the client sends none for POST /store-info, a proxy may still label it JSON) reads as {}.
    const defaultJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
      const body = typeof text === 'string' ? text : text.toString('utf8');
      if (body.trim() === '') {
        done(null, {});
        return;
      }
      defaultJson(req, body, done);
    });
    // The product list filters come as multipart/form-data (spec §7): small text forms, read in one go.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, text, done) => {
      try {
        done(null, parseFormData(typeof text === 'string' ? text : text.toString('utf8'), req.headers['content-type'] ?? ''));
      } catch (err) {
        done(err instanceof Error ? err : new FormDataError('Malformed multipart body'));
      }
    });
    // URL-encoded forms are a common client default; accept them as flat objects.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof text === 'string' ? text : text.toString('utf8'))));
    });

    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = nulField(part, '');
        if (field !== null) throw fieldError(field || 'body', NUL_REFUSED);
      }
    });
  },
  { name: 'parsers' },
);
