// The benchmarks' waits end: on a loaded machine a run stops with what it waited for, never hangs.
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithin, until, within } from '../lib/bounded.mjs';
import { firstPlayable } from '../lib/live-clip-latency.mjs';

let server;
let baseUrl;
let dir;

beforeAll(async () => {
  // /missing.mp4 is never there; /hang never answers.
  server = http.createServer((req, res) => {
    if (req.url === '/hang') return;
    res.writeHead(404).end('not found');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${server.address().port}`;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-waits-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('bench waits', () => {
  it("a live clip whose file never becomes playable fails with the clip and the last answer, instead of polling forever", async () => {
    const user = { api: async () => ({ source: '/missing.mp4' }) };
    const err = await firstPlayable({ baseUrl }, user, 'event-key', 'clip-1', dir, 1500).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/^gave up after 1\.5 s waiting for clip clip-1's file to be playable \(last seen: \/missing\.mp4: 404\)$/);
  });

  it('until resolves with the first truthy value and needs a deadline', async () => {
    let calls = 0;
    expect(await until('the third call', async () => ++calls === 3 && 'done', { everyMs: 1, timeoutMs: 5000 })).toBe('done');
    await expect(until('anything', async () => true, {})).rejects.toThrow('a timeoutMs is required');
  });

  it('a check that hangs counts as a miss and the wait still ends on time', async () => {
    const err = await until('a hanging check', () => new Promise(() => {}), { timeoutMs: 300 }).catch((e) => e);
    expect(err.message).toMatch(/^gave up after 0\.3 s waiting for a hanging check \(last seen: gave up after/);
  });

  it('a call the deadline cuts short does not hide what the calls saw', async () => {
    const err = await until('a status', async (note) => {
      note('status 404');
      await new Promise((r) => setTimeout(r, 1000));
    }, { timeoutMs: 300 }).catch((e) => e);
    expect(err.message).toBe('gave up after 0.3 s waiting for a status (last seen: status 404)');
  });

  it('a request without an answer gives up naming the request', async () => {
    await expect(fetchWithin(`${baseUrl}/hang`, {}, 300)).rejects.toThrow(`gave up after 0.3 s waiting for an answer to GET ${baseUrl}/hang`);
    await expect(within('a promise that never settles', 200, new Promise(() => {}))).rejects.toThrow('gave up after 0.2 s waiting for a promise that never settles');
  });
});
