import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerApiDocs } from '../src/plugins/api-docs';
import { createTestApp, type TestApp } from './helpers/test-app';

// The API document is made from the routes' own schemas: every route the app registers is in it.
let t: TestApp;
const registered = new Set<string>();
let doc: OpenAPIV3.Document;

// Parameter names do not identify a route; `:id` and `{id}` are the same path position, `*` and `{*}` too.
const normalize = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?|\{[^}]+\}|\*/g, ':');
// Swagger UI's own page and assets describe nothing of the API. HEAD is left out on both sides: Fastify
// adds one for every GET, which the document leaves out, while the routes that declare HEAD have it.
const isApiRoute = (method: string, url: string) => method !== 'HEAD' && !url.startsWith('/api/docs');

beforeAll(async () => {
  t = await createTestApp({}, {}, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (isApiRoute(method, route.url)) registered.add(`${method} ${normalize(route.url)}`);
    },
  });
  const res = await t.app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item ?? {}).filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method)).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation: operation as OpenAPIV3.OperationObject })),
  );
const operation = (method: string, url: string) => operations().find((o) => o.method === method && o.url === url)?.operation;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document, without signing in', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('lists every route the app registers, and only those', () => {
    expect(registered.size).toBeGreaterThan(100);
    const documented = new Set(operations().filter(({ method, url }) => isApiRoute(method, url)).map(({ method, url }) => `${method} ${normalize(url)}`));
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });

  it('tags every operation with the module that registers it, so /api/docs groups them by module', () => {
    const modules = fs.readdirSync(new URL('../src/modules/', import.meta.url));
    const tagsOf = (route: string) => {
      const [method, url] = route.split(' ') as [string, string];
      return operation(method, url)?.tags;
    };
    // Beside the modules, the two plugins that serve routes of their own: local storage URLs and this document.
    const owners = [...modules.filter((m) => m !== 'tenants'), 'storage', 'docs'];
    const tags = new Set(operations().map(({ method, url, operation }) => (operation.tags?.length === 1 ? operation.tags[0]! : `${method} ${url}: ${JSON.stringify(operation.tags)}`)));
    expect([...tags].sort()).toEqual(owners.sort());
    // Routes whose URL names another module, or none.
    const expected: Record<string, string> = {
      'GET /api/user/me': 'users',
      'GET /api/channel/{owner}/{channel}/{clipId}': 'talk',
      'PUT /api/channel/{owner}/{channel}/members': 'teams',
      'POST /api/events': 'live',
      'GET /api/user/usage': 'billing',
      'GET /api/team/schedule': 'schedule',
      'GET /api/user/clips': 'clips',
      'PATCH /api/uploads/tus/{id}': 'videos',
      'GET /api/updates': 'updates',
      'GET /v0/self': 'identity',
      'GET /dev/outbox': 'mail',
      'GET /api/openapi.json': 'docs',
    };
    for (const [route, tag] of Object.entries(expected)) expect(tagsOf(route), route).toEqual([tag]);
  });

  it('describes bodies, parameters and answers from the routes’ zod schemas', () => {
    const signUp = operation('POST', '/v0/tenants/{tenantId}/auth/create')!;
    expect(signUp.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'tenantId', required: true }));
    const body = (signUp.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema as OpenAPIV3.SchemaObject;
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    const health = operation('GET', '/api/health')!;
    expect(health.responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object', properties: { ok: expect.any(Object) } } } } });
  });

  it('declares the Bearer token on the routes of signed-in scopes, and not on their public ones', () => {
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operation('GET', '/api/user/me')!.security).toEqual([{ bearerAuth: [] }]);
    expect(operation('DELETE', '/api/user/videos/{key}')!.security).toEqual([{ bearerAuth: [] }]);
    // A public route of a signed-in scope, and routes outside one.
    expect(operation('GET', '/api/billing/plans')!.security).toBeUndefined();
    expect(operation('GET', '/api/health')!.security).toBeUndefined();
    expect(operation('GET', '/api/openapi.json')!.security).toBeUndefined();
    expect(operation('GET', '/api/live/{key}/publish')!.description).toMatch(/WebSocket/);
  });

  it('declares the Bearer token on the routes that check it themselves, optional where a call without one is served too', () => {
    const required = [
      'PUT /v0/tenants/{tenantId}/auth/basic',
      'GET /v0/auth/logout',
      'POST /v0/auth/logout/others',
      'GET /v0/self',
      'PUT /v0/self',
      'GET /v0/self/sessions',
      'GET /v0/auth/totp',
      'DELETE /v0/auth/totp',
      'GET /v0/auth/saml/idp/token',
      'GET /api/updates',
      'GET /api/live/{key}/updates',
      ...['POST', 'HEAD', 'PATCH', 'DELETE'].flatMap((method) => [`${method} /api/uploads/tus`, `${method} /api/uploads/tus/{id}`]),
    ];
    const optional = ['GET /api/events/{key}/cheers', 'GET /v0/auth/refresh', 'POST /v0/tenants/{tenantId}/auth/totp', 'POST /v0/tenants/{tenantId}/auth/code', 'PUT /v0/tenants/{tenantId}/auth/code'];
    // A CORS preflight carries no token; playback and the WebSocket take theirs in the query.
    const none = ['OPTIONS /api/uploads/tus', 'OPTIONS /api/uploads/tus/{id}', 'GET /api/live/{key}/index.m3u8', 'GET /api/live/{key}/a/{pathToken}/{rendition}/{file}', 'GET /api/live/{key}/publish', 'POST /v0/tenants/{tenantId}/auth/basic'];
    const securityOf = (route: string) => {
      const [method, url] = route.split(' ') as [string, string];
      const found = operation(method, url);
      expect(found, route).toBeDefined();
      return found!.security;
    };
    for (const route of required) expect(securityOf(route), route).toEqual([{ bearerAuth: [] }]);
    for (const route of optional) expect(securityOf(route), route).toEqual([{}, { bearerAuth: [] }]);
    for (const route of none) expect(securityOf(route), route).toBeUndefined();
  });
});

describe('/api/docs', () => {
  it('answers a page whose scripts and styles this server serves, under the app’s security headers', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(assets.filter((url) => url.endsWith('.js'))).toHaveLength(3);
    for (const url of assets) {
      expect(url, 'served by us, not a CDN').toMatch(/^\/api\/docs\/static\//);
      const asset = await t.app.inject(url);
      expect(asset.statusCode, url).toBe(200);
    }
    // Inline scripts would break under the CSP: the page only loads files.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const init = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject('/api/docs/json');
    expect(json.json()).toEqual(doc);
  });
});

describe('a route with plain JSON schemas beside zod ones', () => {
  it('is in the document with its schemas as written', async () => {
    // Fastify's own JSON schema validation, with zod only where a route says so, as a plugin might do.
    const app = Fastify();
    await registerApiDocs(app);
    const plain = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 20 } } } as const;
    app.post('/plain/:id', { schema: { params: { type: 'object', properties: { id: { type: 'string' } } }, body: plain, response: { 200: plain } } }, async () => ({ name: 'x' }));
    app.post('/mixed', { schema: { body: z.object({ n: z.number().int() }), response: { 200: plain } }, validatorCompiler: validatorCompiler as never }, async () => ({ name: 'x' }));
    await app.ready();
    const document = app.swagger() as OpenAPIV3.Document;
    const plainOp = document.paths['/plain/{id}']!.post!;
    expect(plainOp.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect((plainOp.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema).toMatchObject(plain);
    expect((plainOp.responses['200'] as OpenAPIV3.ResponseObject).content!['application/json']!.schema).toMatchObject(plain);
    const mixed = document.paths['/mixed']!.post!;
    expect((mixed.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema).toMatchObject({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    expect((mixed.responses['200'] as OpenAPIV3.ResponseObject).content!['application/json']!.schema).toMatchObject(plain);
    expect((await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0])).valid).toBe(true);
    await app.close();
  });
});
