import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipEncodeArgs, planClipCut } from '../src/args/clip';
import { absoluteInput } from '../src/args/common';
import { probe } from '../src/probe';
import type { ProbeResult } from '../src/probe-parse';

// A presigned link's query is its credential.
const SECRET = 'X-Amz-Signature=0123456789abcdef';
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(404).end('missing'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('media links (presigned http(s) URLs)', () => {
  it('are read with a small receive buffer and passed as they are', () => {
    const source = {
      durationSec: 60,
      streams: [],
      audio: null,
      video: { index: 0, codec: 'h264', profile: 'High', pixFmt: 'yuv420p', rotation: 0, isVariableFrameRate: false, nominalFps: 25, fps: 25, width: 320, height: 240, displayWidth: 320, displayHeight: 240 },
    } as unknown as ProbeResult;
    const plan = planClipCut(source, { startSec: 1, durationSec: 1 }, []);
    const link = new URL(`https://store.example/bucket/low.mp4?${SECRET}`);
    const args = clipEncodeArgs({ input: link, output: '/tmp/x.mp4', plan, piece: plan.pieces[0]! });
    const input = args.indexOf(link.href);
    expect(input).toBeGreaterThan(0);
    expect(args.indexOf('-recv_buffer_size')).toBeLessThan(input);
    expect(clipEncodeArgs({ input: '/videos/low.mp4', output: '/tmp/x.mp4', plan, piece: plan.pieces[0]! })).not.toContain('-recv_buffer_size');
  });

  it('only http and https: a file or concat URL would read what the caller never meant', () => {
    expect(() => absoluteInput(new URL('file:///etc/passwd'))).toThrow(/http or https/);
    expect(() => absoluteInput(new URL('concat:/a.mp4|/b.mp4'))).toThrow(/http or https/);
  });

  it('a link that fails is a media error worth a retry, whose message keeps the query out', async () => {
    const error = (await probe(new URL(`${base}/bucket/low.mp4?${SECRET}`)).catch((e: unknown) => e)) as Error & { code: string };
    expect(error).toMatchObject({ code: 'FFMPEG_FAILED' });
    expect(error.message).toContain('/bucket/low.mp4');
    expect(error.message).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});
