import type { Tag } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { applyPress, changeTag, insertByStart, pressRange, runningInstance, settlePress, undoPress, type Press } from '@/features/tags/utils/press';

const shot = { name: 'Shot', leadSeconds: 5, lagSeconds: 3 };
const at = '2026-01-01T00:00:00.000Z';
const tag = (id: string, code: string, start: number, end: number, by = 'jane', labels: string[] = []): Tag => ({ _id: id, code, start, end, labels, by, createdAt: at });
const press = (t: number, more: Partial<Press> = {}): Press => ({ button: shot, at: t, duration: 100, me: 'jane', ...more });

describe('a press', () => {
  it('makes [t - lead, t + lag], inside the video', () => {
    expect(pressRange(press(20))).toEqual({ start: 15, end: 23 });
    expect(pressRange(press(2))).toEqual({ start: 0, end: 5 });
    expect(pressRange(press(99))).toEqual({ start: 94, end: 100 });
    // A live game has no end yet.
    expect(pressRange(press(99, { duration: null }))).toEqual({ start: 94, end: 102 });
    // Seconds to the millisecond: a press at a float time does not carry its noise.
    expect(pressRange(press(10.1234567))).toEqual({ start: 5.123, end: 13.123 });
  });

  it('shows a new instance under its temporary id, in start order', () => {
    const items = [tag('a', 'Foul', 10, 20), tag('b', 'Foul', 30, 40)];
    const outcome = applyPress(items, press(25), 'pending-1', at);
    expect(outcome.id).toBe('pending-1');
    expect(outcome.previous).toBeNull();
    expect(outcome.items.map((t) => [t._id, t.start, t.end])).toEqual([
      ['a', 10, 20],
      ['pending-1', 20, 28],
      ['b', 30, 40],
    ]);
    expect(outcome.items[1]).toMatchObject({ code: 'Shot', labels: [], by: 'jane' });
  });

  it('extends my running instance of the same code instead (re-activate), to at most the end of the video', () => {
    const items = [tag('a', 'Shot', 15, 23)];
    const again = applyPress(items, press(22), 'pending-2', at);
    expect(again.id).toBe('a');
    expect(again.previous).toEqual(items[0]);
    expect(again.items).toEqual([tag('a', 'Shot', 15, 25)]);
    // Near the end of the video the instance stops there.
    expect(applyPress([tag('a', 'Shot', 90, 99)], press(98.5), 'p', at).items[0]!.end).toBe(100);
    // Pressed exactly at the end is still running.
    expect(applyPress(items, press(23), 'p', at).id).toBe('a');
  });

  it('never shortens an instance trimmed longer than the press would make it', () => {
    const items = [tag('a', 'Shot', 15, 40)];
    expect(applyPress(items, press(22), 'p', at).items[0]!.end).toBe(40);
  });

  it('makes a new instance once mine has ended, or when the running one is a teammate\u2019s or another code\u2019s', () => {
    expect(applyPress([tag('a', 'Shot', 15, 23)], press(23.5), 'p', at).id).toBe('p');
    expect(applyPress([tag('a', 'Shot', 15, 23, 'ann')], press(20), 'p', at).id).toBe('p');
    expect(applyPress([tag('a', 'Foul', 15, 23)], press(20), 'p', at).id).toBe('p');
  });

  it('extends only my latest instance of the code', () => {
    const items = [tag('old', 'Shot', 0, 50), tag('new', 'Shot', 30, 33)];
    expect(runningInstance(items, 'Shot', 'jane', 32)?._id).toBe('new');
    // The latest has ended: an older, longer one does not count.
    expect(runningInstance(items, 'Shot', 'jane', 40)).toBeNull();
  });

  it('is replaced by the server\u2019s answer, keeping labels added meanwhile', () => {
    const shown = [tag('a', 'Foul', 10, 20), tag('pending-1', 'Shot', 15, 23, 'jane', ['Jane'])];
    const saved = tag('t1', 'Shot', 15, 23);
    expect(settlePress(shown, 'pending-1', saved)).toEqual([tag('a', 'Foul', 10, 20), tag('t1', 'Shot', 15, 23, 'jane', ['Jane'])]);
    // A 200 (the extended instance) replaces it by its own id; a teammate's read may already have it.
    expect(settlePress([tag('t1', 'Shot', 15, 25)], 't1', tag('t1', 'Shot', 15, 26))).toEqual([tag('t1', 'Shot', 15, 26)]);
    expect(settlePress([tag('t1', 'Shot', 15, 23), tag('pending-1', 'Shot', 15, 23)], 'pending-1', saved)).toEqual([saved]);
  });

  it('is taken back when the server refuses it', () => {
    const made = applyPress([tag('a', 'Foul', 10, 20)], press(25), 'pending-1', at);
    expect(undoPress(made.items, made)).toEqual([tag('a', 'Foul', 10, 20)]);
    const extended = applyPress([tag('a', 'Shot', 15, 23, 'jane', ['Jane'])], press(22), 'p', at);
    expect(undoPress(extended.items, extended)).toEqual([tag('a', 'Shot', 15, 23, 'jane', ['Jane'])]);
  });
});

describe('the instance list', () => {
  it('keeps start order on insert and change', () => {
    const items = [tag('a', 'Shot', 10, 20), tag('b', 'Shot', 30, 40)];
    expect(insertByStart(items, tag('c', 'Shot', 10, 12)).map((t) => t._id)).toEqual(['a', 'c', 'b']);
    expect(insertByStart(items, tag('c', 'Shot', 50, 52)).map((t) => t._id)).toEqual(['a', 'b', 'c']);
    expect(changeTag(items, 'a', { start: 35 }).map((t) => [t._id, t.start])).toEqual([
      ['b', 30],
      ['a', 35],
    ]);
    expect(changeTag(items, 'missing', { start: 1 })).toEqual(items);
  });
});
