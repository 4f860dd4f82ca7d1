import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description of /api, generated from the same zod schemas that validate each call
 * (packages/contracts). Registered before the routes so that it sees them; served publicly at
 * GET /api/openapi.json (it describes shapes, never data).
 */
export const openApiDocs = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Playrep back office API',
        version: '1',
        description:
          'Read-only reports of the Playrep network. Every /api/playrep call needs a session (Bearer token or the ' +
          'session-token cookie) and answers only about the signed-in account and the accounts below it.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'session-token' },
        },
      },
    },
    // Only the API is described: the web app's catch-all and static files are not.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/')) return { ...out, schema: { ...out.schema, hide: true } };
      if (!input.url.startsWith('/api/playrep/')) return out;
      return { ...out, schema: { ...out.schema, security: [{ bearer: [] }, { cookie: [] }] } };
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
