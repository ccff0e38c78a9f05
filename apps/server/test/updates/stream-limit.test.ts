import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../src/modules/updates/updates.routes';
import { person, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { listen, openUpdates, type UpdatesStream } from './updates-helpers';

let t: TeamsApp;
let base: string;
let many: Person;
let other: Person;
/** The server's side of each `/api/updates` request, by the test's `x-stream` header. */
const serverSides = new Map<string, ServerResponse>();
const opened: UpdatesStream[] = [];

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  // Before Fastify's own listener: a response's close listener added here runs before the stream's cleanup,
  // which is synchronous, so once it has run the server has let the stream's place go.
  t.app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/api/updates')) serverSides.set(String(req.headers['x-stream']), res);
  });
  base = await listen(t.app);
  many = await person(t, 'streammany');
  other = await person(t, 'streamother');
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t?.close();
});

async function open(who: Person, name: string): Promise<UpdatesStream> {
  const stream = await openUpdates(base, { ...who.headers, 'x-stream': name });
  opened.push(stream);
  return stream;
}

/** Its first frame (the position) has come: the server holds the stream. */
async function expectLive(stream: UpdatesStream) {
  expect(stream.status).toBe(200);
  expect((await stream.next())?.event).toBeNull();
}

async function expectRefused(stream: UpdatesStream) {
  expect(stream.status).toBe(429);
  expect(stream.headers['retry-after']).toBe('60');
  expect(await stream.error()).toEqual({
    statusCode: 429,
    code: 'RATE_LIMITED',
    error: 'Too Many Requests',
    message: 'You have too many live update streams open. Close a tab or try again in a minute.',
  });
}

describe('live update streams per user', () => {
  it(`holds at most ${MAX_STREAMS_PER_USER} open streams of one user; a closed one frees its place at once; others are unaffected`, async () => {
    expect(MAX_STREAMS_PER_USER).toBe(10);
    // All at once: however they interleave on the server, no more than the bound get through.
    const burst = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER + 5 }, (_, i) => open(many, `many-${i}`)));
    const accepted = burst.filter((s) => s.status === 200);
    expect(accepted).toHaveLength(MAX_STREAMS_PER_USER);
    for (const stream of accepted) await expectLive(stream);
    for (const stream of burst.filter((s) => s.status !== 200)) await expectRefused(stream);

    await expectLive(await open(other, 'other'));

    const gone = burst.indexOf(accepted[0]!);
    const closed = new Promise<void>((resolve) => serverSides.get(`many-${gone}`)!.once('close', () => resolve()));
    accepted[0]!.close();
    await closed;
    await expectLive(await open(many, 'many-again'));
    await expectRefused(await open(many, 'many-over'));
  });
});
