import fastifySwagger from '@fastify/swagger';
import { CALL_NAMES, ENDPOINTS, type EndpointAccess } from '@playrep/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** `METHOD /api/path` of every call of the endpoint table, and what it needs: nothing, a session or a feed key. */
const ACCESS = new Map<string, EndpointAccess>(
  CALL_NAMES.map((name) => {
    const { method, path, access } = ENDPOINTS[name];
    return [`${method} /api${path}`, access] as const;
  }),
);

const SESSION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const FEED_SECURITY: Record<string, string[]>[] = [{ feedKey: [] }];

/**
 * The OpenAPI description of /api, generated from the contracts' endpoint table (the routes are
 * registered from it: method, path, summary and the zod schemas that validate each call).
 * Registered before the routes so that it sees them; served publicly at GET /api/openapi.json
 * (it describes shapes, never data).
 */
export const openApiDocs = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Playrep back office API',
        version: '1',
        description:
          'Read-only reports of the Playrep network. Every /api/playrep call needs a session (Bearer token or the ' +
          'session-token cookie) and answers only about the signed-in account and the accounts below it. ' +
          'The /api/feed calls are for the game platform: they need a feed key (npm run feeds -- create NAME), never a session.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'session-token' },
          feedKey: { type: 'http', scheme: 'bearer', description: 'A platform feed key (/api/feed only)' },
        },
      },
    },
    // Only the API is described: the web app's catch-all and static files are not.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/')) return { ...out, schema: { ...out.schema, hide: true } };
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const access = ACCESS.get(`${method} ${input.url}`);
      if (access === undefined || access === 'public') return out;
      return { ...out, schema: { ...out.schema, security: access === 'feed' ? FEED_SECURITY : SESSION_SECURITY } };
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
