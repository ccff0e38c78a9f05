import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// docs/api.md is written by hand; this keeps it honest: every route the app registers is listed there,
// every route listed there exists, and every contract it names is exported by packages/contracts.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const apiDoc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');

// HEAD is answered for every GET by Fastify itself; it is not listed separately.
const listedMethod = (method: string) => method !== 'HEAD';
// Parameter names do not identify a route (`/clips/:id` and `/clips/:streamId` are one path position).
const normalize = (url: string) => url.replace(/:[A-Za-z_]\w*(\|:[A-Za-z_]\w*)*/g, ':');
const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `| GET, POST | \`/api/...\` | ...` rows of the doc's tables. */
function documentedRoutes(): { method: string; url: string }[] {
  const rows = [...apiDoc.matchAll(/^\| *([A-Z, ]+?) *\| *`([^`]+)` *\|/gm)];
  return rows.flatMap(([, methods, url]) => methods!.split(',').map((method) => ({ method: method.trim(), url: url! })));
}

/** Fastify's route tree (`printRoutes()`): each line's label continues the path of the line above it one level up. */
function registeredRoutes(tree: string): Set<string> {
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (listedMethod(method)) routes.add(`${method} ${normalize(stack.join(''))}`);
  }
  return routes;
}

describe('docs/api.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every route the app registers', () => {
    const registered = registeredRoutes(t.app.printRoutes());
    expect(registered.size).toBeGreaterThan(50);
    const documented = new Set(documentedRoutes().filter((r) => listedMethod(r.method)).map((r) => `${r.method} ${normalize(r.url)}`));
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual([]);
  });

  it('lists only routes that exist', () => {
    const missing = documentedRoutes().filter(({ method, url }) => !t.app.hasRoute({ method: method as 'GET', url }));
    expect(missing).toEqual([]);
  });

  it('names exactly the operations of the API document', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    // `{id}` in the document, `:id` here; Swagger UI's own routes are left out of the document.
    const fromDocument = new Set(
      Object.entries(document.paths).flatMap(([url, item]) =>
        Object.keys(item).filter((key) => httpMethods.has(key)).map((method) => `${method.toUpperCase()} ${normalize(url.replace(/\{([^}]+)\}/g, (_, name: string) => (name === '*' ? '*' : `:${name}`)))}`),
      ),
    );
    const documented = new Set(
      documentedRoutes()
        .filter(({ url }) => !url.startsWith('/api/docs'))
        .map(({ method, url }) => `${method} ${normalize(url)}`),
    );
    expect(fromDocument.size).toBeGreaterThan(100);
    expect([...fromDocument].filter((route) => listedMethod(route.split(' ')[0]!) && !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !fromDocument.has(route)).sort()).toEqual([]);
  });

  it('names only contracts that packages/contracts exports', async () => {
    const contracts = path.join(root, 'packages/contracts/src');
    const exported = new Set<string>();
    for (const file of fs.readdirSync(contracts).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(path.join(contracts, file))) as Record<string, unknown>;
      for (const name of Object.keys(module)) exported.add(`${file.replace(/\.ts$/, '')}.${name}`);
    }
    // The last column of a route's row: `module.export` of each contract, in backticks.
    const named = [...apiDoc.matchAll(/^\| *[A-Z, ]+? *\| *`[^`]+` *\|.*\|([^|]*)\|$/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([^`]+)`/g)].map(([, name]) => name!));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
