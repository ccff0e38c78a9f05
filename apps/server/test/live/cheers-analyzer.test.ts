import { once } from 'node:events';
import fs, { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { activeChildren } from '@app/media/child-runner';
import { createCrowdGame, CROWD_GAME } from '@app/media/cheers/crowd-game';
import { runFfmpeg } from '@app/media/run-ffmpeg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheerAnalyzer } from '../../src/modules/live/cheers/cheer-analyzer';
import { createCheers } from '../../src/modules/live/live.module';
import { coach, videosApp, type TeamsApp } from '../videos/helpers';
import { cheerRows, insertLiveEvent } from './cheers-helpers';

const ANCHOR_MS = Date.UTC(2026, 4, 17, 18, 0, 0);

let t: TeamsApp;
let dir: string;
let game: string;

beforeAll(async () => {
  t = await videosApp();
  await coach(t, 'cheercoach', 'Cheerers');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cheers-analyzer-'));
  game = path.join(dir, 'game.m4a');
  await createCrowdGame(game);
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const analyzer = () => createCheerAnalyzer({ cheers: createCheers(t.runtime.db), log: pino({ level: 'silent' }) });

interface Call {
  eventId: string;
  timestampMs: number;
  cheerId: string;
}

describe('startCheerAnalysis on the generated game', () => {
  it('stores the 10 cheers at anchor + t, scored by excess, and calls onCheer once each in time order; a second run adds nothing', async () => {
    const event = await insertLiveEvent(t, 'cheercoach');
    const calls: Call[] = [];
    const onCheer = (eventId: string, timestampMs: number, cheerId: string) => void calls.push({ eventId, timestampMs, cheerId });
    await analyzer().startCheerAnalysis({ eventId: event.id, inputUrl: game, anchorMs: ANCHOR_MS, onCheer }).done;

    const rows = await cheerRows(t, event.id);
    expect(rows).toHaveLength(10);
    CROWD_GAME.cheers.forEach((cheer, i) => expect(Math.abs(Number(rows[i]!.timestamp_ms) - (ANCHOR_MS + cheer.timeSec * 1000))).toBeLessThanOrEqual(2000));
    const byStrength = CROWD_GAME.cheers.map((c, i) => ({ strength: c.strengthDb, score: rows[i]!.score })).sort((a, b) => a.strength - b.strength);
    for (let i = 1; i < byStrength.length; i++) expect(byStrength[i]!.score).toBeGreaterThan(byStrength[i - 1]!.score);
    expect(calls).toEqual(rows.map((row) => ({ eventId: event.id, timestampMs: Number(row.timestamp_ms), cheerId: row.id })));

    // A restarted analysis (a server restart, a reconnect whose anchor moved by a few hundred ms) adds nothing.
    const again: Call[] = [];
    await analyzer().startCheerAnalysis({ eventId: event.id, inputUrl: game, anchorMs: ANCHOR_MS + 300, onCheer: (...a) => void again.push({ eventId: a[0], timestampMs: a[1], cheerId: a[2] }) }).done;
    expect(again).toEqual([]);
    expect(await cheerRows(t, event.id)).toEqual(rows);
  });

  it('keeps going when onCheer fails', async () => {
    const event = await insertLiveEvent(t, 'cheercoach');
    let calls = 0;
    await analyzer().startCheerAnalysis({
      eventId: event.id,
      inputUrl: game,
      anchorMs: ANCHOR_MS,
      onCheer: async () => {
        calls += 1;
        throw new Error('clip service down');
      },
    }).done;
    expect(calls).toBe(10);
    expect(await cheerRows(t, event.id)).toHaveLength(10);
  });
});

describe('startCheerAnalysis on a live input', () => {
  let server: Server;
  let url: string;
  /** Resolves when the stream has been sent up to where it stalls. */
  let sent: Promise<void>;

  beforeAll(async () => {
    // The first 145 s of the game as a live stream that then stalls, like a publisher gone quiet.
    const head = path.join(dir, 'head.aac');
    await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', game, '-t', '145', '-c', 'copy', '-f', 'adts', head], { outputFile: head });
    const bytes = await readFile(head);
    let markSent: () => void;
    sent = new Promise((resolve) => (markSent = resolve));
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/aac' });
      response.write(bytes, () => markSent());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.aac`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
  });

  it('decides cheers while the stream runs (about 50 s later), and stop() stores the rest and ends ffmpeg', async () => {
    const event = await insertLiveEvent(t, 'cheercoach');
    const calls: number[] = [];
    let fourth: () => void;
    const fourDecided = new Promise<void>((resolve) => (fourth = resolve));
    let ended = false;
    const analysis = analyzer().startCheerAnalysis({
      eventId: event.id,
      inputUrl: url,
      anchorMs: ANCHOR_MS,
      onCheer: (_eventId, timestampMs) => {
        calls.push(Math.round((timestampMs - ANCHOR_MS) / 1000));
        if (calls.length === 4) fourth();
      },
    });
    void analysis.done.then(() => (ended = true));
    await sent;
    // Cheers at 15, 36, 56 and 82 s have 50 s of audio after them; those at 103 and 125 s do not yet.
    await fourDecided;
    expect(ended).toBe(false);
    for (const [i, s] of [15, 36, 56, 82].entries()) expect(Math.abs(calls[i]! - s)).toBeLessThanOrEqual(2);
    expect(calls).toHaveLength(4);

    await analysis.stop();
    expect(calls).toHaveLength(6);
    for (const [i, s] of [103, 125].entries()) expect(Math.abs(calls[4 + i]! - s)).toBeLessThanOrEqual(2);
    expect(await cheerRows(t, event.id)).toHaveLength(6);
    expect(activeChildren()).toEqual([]);
  });
});
