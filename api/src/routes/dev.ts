import { replies, reply, security, type RoutesPlugin } from '../schemas';

/**
 * Development only (registered when NODE_ENV is development or test): what the API sent or would have
 * sent, newest first. Lets a developer, and the browser tests, read a code without a phone or a mailbox.
 */
export const devRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development outbox: messages sent, newest first (absent in production)',
        security: security.apiKey,
        querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 254 } } },
        response: reply({ type: 'array', items: replies.outboxEntry }),
      },
    },
    async (req) => ({ success: true, data: app.messenger.outbox?.list(req.query.to) ?? [] }),
  );
};
