import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserPublishArgs } from '../src/args/browser-publish';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden', 'browser-publish.json');

/** Pins the browser publish command lines (regenerate deliberately with UPDATE_GOLDEN=1), like args.golden.test.ts. */
describe('browser publish arguments', () => {
  it('match the golden file', () => {
    const output = 'rtmp://127.0.0.1:1935/live/k3y_-';
    const cases = JSON.parse(
      JSON.stringify({
        '30 fps phone camera': browserPublishArgs({ output, fps: 30, maxBitrateKbps: 2500 }),
        'fractional rate and tiny bitrate are rounded and floored': browserPublishArgs({ output, fps: 29.97, maxBitrateKbps: 10 }),
      }),
    ) as unknown;
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(cases, null, 2)}\n`);
    if (!existsSync(GOLDEN)) throw new Error(`Golden file ${GOLDEN} is missing; run with UPDATE_GOLDEN=1 to create it.`);
    expect(cases).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });
});
