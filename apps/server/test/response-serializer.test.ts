import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userMe } from '@app/contracts/user-me';
import { registerErrorHandler } from '../src/plugins/errors';
import { responseSerializerCompiler } from '../src/plugins/response-serializer';

// The response schema is what keeps a column added to a query from reaching clients.
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(responseSerializerCompiler);
registerErrorHandler(app);

const item = z.object({ key: z.string(), title: z.string(), note: z.string().nullable(), tags: z.array(z.string()).optional() });
const row = { key: 'v1', title: 'Game', note: null, passwordHash: 'secret', ownerEmail: 'coach@example.com' };

beforeAll(async () => {
  app.get('/item', { schema: { response: { 200: item } } }, async () => row);
  app.get('/list', { schema: { response: { 200: z.object({ items: z.array(item), next: z.string().nullable() }) } } }, async () => ({
    items: [row, { ...row, key: 'v2', tags: ['a'] }],
    next: null,
    internalCursor: 42,
  }));
  // Handlers that break their contract on purpose (the types would refuse them).
  app.get('/missing', { schema: { response: { 200: item } } }, async () => ({ key: 'v1' }) as never);
  app.get('/me', { schema: { response: { 200: userMe } } }, async () => ({
    userId: 1,
    userUuid: '00000000-0000-4000-8000-000000000001',
    username: 'coach',
    email: 'coach@example.com',
    name: 'Coach',
    firstname: null,
    lastname: null,
    phone: null,
    image: null,
    type: 'team',
    affiliate: null,
    updatedAt: '2026-11-24T12:00:00.000Z',
    identityUserId: 1,
    tenantId: 'demo',
    totpSecret: 'never',
  }) as never);
  await app.ready();
});
afterAll(() => app.close());

describe('response serializer', () => {
  it('sends only the fields the contract declares', async () => {
    const res = await app.inject('/item');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'v1', title: 'Game', note: null });
  });

  it('strips undeclared fields inside arrays and at the top level', async () => {
    expect((await app.inject('/list')).json()).toEqual({
      items: [
        { key: 'v1', title: 'Game', note: null },
        { key: 'v2', title: 'Game', note: null, tags: ['a'] },
      ],
      next: null,
    });
  });

  it('answers 500, not a partial body, when a required field is missing', async () => {
    const res = await app.inject('/missing');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
  });

  it('keeps a real contract (GET /api/user/me) to its fields', async () => {
    const body = (await app.inject('/me')).json();
    expect(body).toMatchObject({ userId: 1, username: 'coach', type: 'team' });
    for (const leaked of ['identityUserId', 'tenantId', 'totpSecret']) expect(body).not.toHaveProperty(leaked);
  });
});
