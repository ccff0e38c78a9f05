import { describe, expect, it } from 'vitest';
import { sameRunAround } from '../../src/modules/live/recording.service';

const segment = (seq: number, startedAtMs: number, discontinuity = false) => ({
  eventId: 'e',
  seq,
  storageKey: `demo/live/e/${seq}.ts`,
  startedAtMs,
  durationSec: 1,
  discontinuity,
  byteSize: 1,
});

describe('the segments a live clip is cut from', () => {
  // 0-4 s, then the encoder reconnects at 10 s (5-9 s were lost) and writes 10-14 s.
  const window = [0, 1, 2, 3, 4].map((i) => segment(i, i * 1000)).concat([5, 6, 7, 8, 9].map((i) => segment(i, (i + 5) * 1000, i === 5)));
  const seqs = (r: { run: { seq: number }[] }) => r.run.map((s) => s.seq);

  it('are all of them without a reconnect', () => {
    const plain = window.map((s) => ({ ...s, discontinuity: false }));
    expect(seqs(sameRunAround(plain, 3500))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sameRunAround(plain, 3500).later).toBe(false);
  });

  it("are the moment's own publish across a reconnect, telling when another one follows", () => {
    expect(sameRunAround(window, 3500)).toMatchObject({ later: true });
    expect(seqs(sameRunAround(window, 3500))).toEqual([0, 1, 2, 3, 4]);
    expect(seqs(sameRunAround(window, 12_500))).toEqual([5, 6, 7, 8, 9]);
    expect(sameRunAround(window, 12_500).later).toBe(false);
  });

  it('are the publish before a moment that fell in the gap', () => {
    expect(seqs(sameRunAround(window, 7000))).toEqual([0, 1, 2, 3, 4]);
  });
});
