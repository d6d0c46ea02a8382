import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, DatabaseUnavailableError, isEncodingError, isUniqueViolation } from '../lib/errors';
import { fieldErrors, type AjvLikeError } from '../validation';
import { QueueFullError } from '../lib/queue';
import type { ErrorAnswer } from '../schemas';

/** Every error leaves in the shape of the routes' error schema (`4xx`/`5xx` of `reply()`). */
function fail(reply: FastifyReply, status: number, body: ErrorAnswer): FastifyReply {
  return reply.status(status).send(body);
}

/** Long enough for a restart or failover to finish, short enough that a shopper's retry soon succeeds. */
const DATABASE_RETRY_AFTER_SECONDS = 2;
const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';

/**
 * Fastify's router answers a malformed or over-long address before any hook or error handler: given to
 * `Fastify({ frameworkErrors })` so those answers keep the API's shape too.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void fail(reply, 414, { success: false, message: 'Request address is too long' });
  else void fail(reply, 400, { success: false, message: 'Invalid request address' });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the handler runs: an error without a status before then is a malformed request. */
    inHandler: boolean;
  }
}

/**
 * The one error handler: every failure leaves as `{ success: false, message, errors? }` with a 4xx for
 * the client's mistakes (field errors from the schemas' `x-messages`), never a 500 for bad input.
 */
export const errorsPlugin = fp(
  async (app) => {
    const logToConsole = !app.config.logger;
    app.decorateRequest('inHandler', false);
    app.addHook('preHandler', async (request) => {
      request.inHandler = true;
    });

    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return fail(reply, error.statusCode, {
          success: false,
          message: error.messages,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      // The database is away (a restart, a failover): wherever the request was, even in the auth hook
      // before its body was read, it is a 503 a client retries and an alert counts, not the client's fault.
      if (error instanceof DatabaseUnavailableError) {
        request.log.warn({ err: error.message }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return fail(reply, 503, { success: false, message: DATABASE_UNAVAILABLE });
      }
      // A bounded queue (password hashing, picture encoding) is full: a moment later it is not.
      if (error instanceof QueueFullError) {
        reply.header('retry-after', '1');
        return fail(reply, 503, { success: false, message: 'The shop is busy. Please try again in a moment.' });
      }
      if (error.validation) {
        const errors = fieldErrors(error.validation as AjvLikeError[]);
        const blank = errors[''];
        delete errors[''];
        const first = Object.values(errors)[0] ?? (blank ? `Invalid request ${error.validationContext ?? 'body'}` : 'Invalid request');
        return fail(reply, 400, { success: false, message: first, errors });
      }
      // Text PostgreSQL cannot store (a NUL, a character the database's encoding lacks) is the input's fault;
      // the NUL rule (plugins/parsers.ts) catches what shoppers can send, this whatever is left.
      if (isEncodingError(error)) return fail(reply, 400, { success: false, message: 'Invalid request body' });
      // Two requests racing for one unique value (e-mail, mobile): the loser gets a conflict, not a 500.
      if (isUniqueViolation(error)) return fail(reply, 409, { success: false, message: 'This record already exists' });
      const status = typeof error.statusCode === 'number' ? error.statusCode : 0;
      if (status >= 400 && status < 500) {
        const message =
          status === 413
            ? 'Request body is too large'
            : status === 415
              ? 'Unsupported content type'
              : status === 404
                ? 'Not found'
                : 'Invalid request body';
        return fail(reply, status === 406 ? 400 : status, { success: false, message });
      }
      // Before the handler, a failure without a status is a request the parsers could not read (a broken
      // multipart body, say): the client's fault, not ours.
      if (!request.inHandler && status === 0) {
        return fail(reply, 400, { success: false, message: 'Invalid request body' });
      }
      request.log.error({ err: error }, 'unhandled error');
      if (logToConsole) console.error(error);
      return fail(reply, 500, { success: false, message: 'Something went wrong' });
    });
    app.setNotFoundHandler((_request, reply) => fail(reply, 404, { success: false, message: 'Not found' }));
  },
  { name: 'errors', dependencies: ['database'] },
);
