import { describe, expect, it } from 'vitest';

import { createSseParser, type SseEvent } from '@/lib/updates/sse-parser';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

const stream = ': heartbeat\n\nid: 7\nevent: board\ndata: {"a":1}\n\nid: 8\r\nevent: reply\r\ndata: line one\r\ndata:line two\r\n\r\nevent: unread\rdata: {"unread":3}\r\r';
const expected: SseEvent[] = [
  { id: '7', event: 'board', data: '{"a":1}' },
  { id: '8', event: 'reply', data: 'line one\nline two' },
  { id: '8', event: 'unread', data: '{"unread":3}' },
];

describe('createSseParser', () => {
  it('reads events, comments, multi-line data and every line ending', () => {
    expect(parse([stream])).toEqual(expected);
  });

  it('gives the same events however the text is cut into chunks', () => {
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)]), `cut at ${cut}`).toEqual(expected);
    }
    expect(parse([...stream])).toEqual(expected);
  });

  it('does not dispatch an event without data, nor one still missing its blank line', () => {
    expect(parse(['event: board\n\n', 'id: 3\n\n', 'data: x\n'])).toEqual([]);
  });

  it('remembers the last id for Last-Event-ID', () => {
    const parser = createSseParser(() => {});
    parser.push('id: 41\ndata: a\n\nid: 42\ndata: b\n\n');
    expect(parser.lastEventId).toBe('42');
  });
});
