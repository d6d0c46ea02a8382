import fp from 'fastify-plugin';
import { FormDataError, parseFormData } from '../lib/formData';

/** Request bodies beyond Fastify's JSON: an empty JSON body, multipart forms (spec §7) and URL-encoded forms. */
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
  },
  { name: 'parsers' },
);
