import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** The API document, public like the API it describes (the web app is its first client). */
const OPENAPI_PATH = '/api/openapi.json';
/** The document for people: Swagger UI, every asset served from node_modules by this server. */
const DOCS_PREFIX = '/api/docs';

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });
const isZod = (schema: unknown) => typeof schema === 'object' && schema !== null && 'safeParse' in schema;
const parts = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * OpenAPI 3.0 has no tuples: a list of `items` becomes the one schema its items share (`anyOf` when
 * they differ), and the tuple's minItems and maxItems keep its length.
 */
function withoutTuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutTuples);
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutTuples(value)]));
  if (!Array.isArray(out.items)) return out;
  const items = out.items as unknown[];
  const alike = items.every((item) => JSON.stringify(item) === JSON.stringify(items[0]));
  return { ...out, items: alike ? items[0] : { anyOf: items } };
}

/**
 * A route's schemas as OpenAPI: the zod ones converted by fastify-type-provider-zod (tuples as OpenAPI
 * 3.0 can say them), plain JSON schemas kept as they are (its transform would refuse them), every other
 * key (tags, hide) passed on.
 */
function toOpenApi(schema: FastifySchema | undefined, url: string): Record<string, unknown> {
  const zod: Record<string, unknown> = {};
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema ?? {})) {
    if (key === 'response') continue;
    (parts.includes(key as (typeof parts)[number]) && !isZod(value) ? plain : zod)[key] = value;
  }
  const responses = Object.entries((schema?.response ?? {}) as Record<string, unknown>);
  zod.response = Object.fromEntries(responses.filter(([, value]) => isZod(value)));
  const { response: converted, ...rest } = withoutTuples(zodToOpenApi({ schema: zod, url }).schema) as Record<string, unknown>;
  const response = { ...(converted as object), ...Object.fromEntries(responses.filter(([, value]) => !isZod(value))) };
  return { ...rest, ...plain, ...(Object.keys(response).length > 0 ? { response } : {}) };
}

/**
 * @fastify/websocket hides its routes from the document; ours are part of the API, so they show, said to be
 * WebSockets. Before the conversion, which keeps nothing else of a hidden route's schema (its tags).
 */
function unhideWebSocket(schema: FastifySchema | undefined, route: RouteOptions): FastifySchema | undefined {
  if (!route.websocket) return schema;
  const { hide: _hide, ...shown } = (schema ?? {}) as FastifySchema & { hide?: boolean };
  return { ...shown, description: 'A WebSocket: the GET upgrades; the access token comes as `?access_token=`, since browsers cannot set headers on one.' };
}

/** A route's `config.bearer` as OpenAPI: the token required, or either without one or with it. */
function securityOf(route: RouteOptions): { security?: Record<string, string[]>[] } {
  const bearer = route.config?.bearer;
  if (!bearer) return {};
  return { security: bearer === 'optional' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }] };
}

/**
 * `routes` with every route it adds tagged `tag` in the API document, so /api/docs groups the routes by
 * the module that owns them: each module registers its routes plugins through this, with its name. The
 * plugin runs in the scope Fastify gives it, as before; a hook of that scope tags each of its routes.
 */
export function taggedRoutes<I, O>(tag: string, routes: (app: I, options: O) => Promise<void>): (app: I, options: O) => Promise<void> {
  return async (app, options) => {
    (app as FastifyInstance).addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    await routes(app, options);
  };
}

/**
 * `GET /api/openapi.json` (every route the app registers, from the same schemas that validate them)
 * and `/api/docs` (Swagger UI reading it). Registered before any route: @fastify/swagger collects the
 * routes as they are added.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Teamfilm API',
        // The paths and shapes are contracts: they change only in a compatible way, so the version stays.
        version: '1.0.0',
        description: 'Every endpoint the server registers. Who may call each one, with the rules behind it, is in docs/api.md.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token of the host’s tenant whose session is alive. `/v0/auth/refresh` takes the refresh token this way; the code and TOTP sign-in routes, the first-factor token of a sign-in.',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => ({
      url,
      schema: { ...toOpenApi(unhideWebSocket(schema, route), url), ...securityOf(route) } as FastifySchema,
    }),
  });
  app.get(OPENAPI_PATH, { schema: { tags: ['docs'] }, config: { public: true } }, () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Teamfilm API' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}
