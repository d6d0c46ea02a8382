import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

/** The OpenAPI document, built from every route's schema (served at `/api/openapi.json`). */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Storefront reference API',
          version: '0.1.0',
          description:
            'Every call of the storefront spec §7 on SQLite. Answers are `{ success, message?, data? }`; failures `{ success: false, message, errors? }`. Money is rupees with two decimals as strings. See docs/api-contract.md.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
      },
    });
  },
  { name: 'openapi' },
);
