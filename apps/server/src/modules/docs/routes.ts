import fastifySwagger from '@fastify/swagger';
import { CALL_NAMES, type CallName, ENDPOINTS, type EndpointDef } from '@playrep/contracts';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** `METHOD /api/path` of every call of the endpoint table, and its name. */
const CALLS = new Map<string, CallName>(
  CALL_NAMES.map((name) => {
    const { method, path } = ENDPOINTS[name];
    return [`${method} /api${path}`, name] as const;
  }),
);

const SESSION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const FEED_SECURITY: Record<string, string[]>[] = [{ feedKey: [] }];

/** An error answer of the document: `{ message }`, with when it is given. */
const errorAnswer = (description: string) => ({
  description,
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
});

/**
 * The error answers every call of a kind may give, where the endpoint table does not describe them
 * itself (its own shapes win). The server's rules, in the order a request meets them: any URL it
 * cannot decode (400); the Origin check of state-changing calls (403); the session or feed key
 * (401); a report's role gate (403), subject (404) and limits (429, 503); the feed's database (503).
 */
function errorAnswers(def: EndpointDef): Record<number, ReturnType<typeof errorAnswer>> {
  const answers: Record<number, ReturnType<typeof errorAnswer>> = {
    400: errorAnswer(
      'A malformed request: a URL that cannot be decoded, or a parameter or body the call refuses (named in message)',
    ),
  };
  if (def.access !== 'public') answers[401] = errorAnswer(def.access === 'feed' ? 'No live feed key' : 'No live session');
  if (def.method === 'POST' || def.changesState) {
    answers[403] = errorAnswer('Refused: the request came from a page of another site (Origin check)');
  }
  if (def.access === 'report') {
    answers[403] = errorAnswer("The caller's role may not make this call (or the request came from another site)");
    answers[404] = errorAnswer("An account the call names is unknown or outside the caller's subtree");
    answers[429] = errorAnswer('Too many report calls or downloads of this account in flight: try again shortly');
  }
  if (def.access === 'report' || def.access === 'feed') {
    answers[503] = errorAnswer('The database is not available, or the report took too long: try again shortly');
  }
  return answers;
}

/**
 * The OpenAPI description of /api, generated from the contracts' endpoint table (the routes are
 * registered from it: method, path, summary and the zod schemas that validate each call), each
 * operation named by its call (operationId) with the security it needs and its error answers.
 * Registered before the routes so that it sees them; served publicly at GET /api/openapi.json
 * (it describes shapes, never data). `redocly lint` passes it with its recommended rules
 * (docs.test.ts), and a client generated from it by openapi-typescript type-checks.
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
        license: { name: 'Proprietary' },
      },
      // The server that serves the document: its paths are relative to it.
      servers: [{ url: '/', description: 'The back office serving this document' }],
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
      const name = CALLS.get(`${method} ${input.url}`);
      if (name === undefined) return out;
      const def: EndpointDef = ENDPOINTS[name];
      const security = def.access === 'public' ? [] : def.access === 'feed' ? FEED_SECURITY : SESSION_SECURITY;
      const response = { ...errorAnswers(def), ...(out.schema.response as Record<string, unknown> | undefined) };
      return { ...out, schema: { ...out.schema, operationId: name, security, response } };
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
