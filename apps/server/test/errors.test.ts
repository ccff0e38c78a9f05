import { sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@app/contracts/errors';
import { AppError } from '../src/errors';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The error handler is shared by every module; these routes exercise it through the real app
 * (same plugins, same body parser and validator) until the product modules bring routes of their own.
 */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/probe',
    { schema: { body: z.object({ name: z.string().min(3), count: z.number().int(), tags: z.array(z.string()).optional() }) } },
    async (req) => req.body,
  );
  app.get('/api/probe/app-error', async () => {
    throw new AppError('FORBIDDEN', 'You do not own this video.');
  });
  app.get('/api/probe/database-down', async () => {
    // A real query, made as the repos make theirs, to a port nothing listens on.
    const pool = new pg.Pool({ connectionString: 'postgres://app@127.0.0.1:1/app' });
    try {
      await drizzle(pool).execute(sql`SELECT 1`);
    } finally {
      await pool.end();
    }
  });
  app.get('/api/probe/disk-full', async () => {
    // The kernel's own "no space left on device".
    await fs.writeFile('/dev/full', 'a video');
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '2048' });
  await t.app.register(probeRoutes);
});
afterAll(() => t.close());

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/probe', payload, headers: { 'content-type': contentType } });

describe('error handler', () => {
  it('accepts a valid body and strips unknown fields', async () => {
    const res = await post(JSON.stringify({ name: 'Eagles', count: 3, admin: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Eagles', count: 3 });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await post('{"name": "Eagles",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'INVALID_JSON', error: 'Bad Request', message: 'Request body is not valid JSON.' });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000), count: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', error: 'Payload Too Large' });
  });

  it('names the field on a wrong type', async () => {
    const res = await post(JSON.stringify({ name: 'Eagles', count: 'three' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'body.count: Expected number, received string' });
  });

  it('names every missing field with zod default messages', async () => {
    const res = await post(JSON.stringify({ tags: [1] }));
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    expect(message).toContain('body.name: Required');
    expect(message).toContain('body.count: Required');
    expect(message).toContain('body.tags.0: Expected string, received number');
  });

  it('uses the zod minimum-length message', async () => {
    const res = await post(JSON.stringify({ name: 'ab', count: 1 }));
    expect(res.json().message).toBe('body.name: String must contain at least 3 character(s)');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await post('name=Eagles', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('maps AppError to its status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/app-error' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden', message: 'You do not own this video.' });
  });

  it('answers 503 with a retry hint when the database cannot be reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, code: 'INTERNAL', error: 'Service Unavailable', message: 'The database is not reachable. Try again in a moment.' });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('says the server is out of disk space when it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/disk-full' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ statusCode: 507, code: 'INTERNAL', error: 'Insufficient Storage', message: 'The server has run out of disk space. Try again later.' });
  });

  it('hides internals of unexpected errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(errorBody.parse(res.json())).toMatchObject({ code: 'INTERNAL', error: 'Internal Server Error' });
  });
});
