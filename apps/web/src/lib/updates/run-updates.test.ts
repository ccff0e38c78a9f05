import { describe, expect, it } from 'vitest';

import { runUpdates } from '@/lib/updates/run-updates';
import type { SseEvent } from '@/lib/updates/run-updates';

/** A response whose body streams the given chunks, then ends. */
function streamed(chunks: string[], status = 200) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('runUpdates', () => {
  it('reconnects after the stream ends, sending the last event id, and renews a refused token once', async () => {
    const stop = new AbortController();
    const sent: { auth: string | null; lastEventId: string | null }[] = [];
    const answers = [
      () => streamed(['id: 1\nevent: unread\nda', 'ta: {"unread":1}\n\n']),
      () => new Response('', { status: 401 }),
      () => streamed(['id: 2\nevent: unread\ndata: {"unread":2}\n\n']),
    ];
    const events: SseEvent[] = [];
    let lastEventId = '';
    const tokens: (string | undefined)[] = [];
    await runUpdates({
      signal: stop.signal,
      lastEventId: () => lastEventId,
      getToken: async (rejected) => {
        tokens.push(rejected);
        return rejected ? 'renewed' : 'first';
      },
      onEvent: (event) => {
        events.push(event);
        lastEventId = event.id;
        if (events.length === 2) stop.abort();
      },
      sleep: async () => {},
      fetch: async (_path, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ auth: headers.get('authorization'), lastEventId: headers.get('last-event-id') });
        return answers[sent.length - 1]!();
      },
    });
    expect(events.map((e) => e.data)).toEqual(['{"unread":1}', '{"unread":2}']);
    expect(sent).toEqual([
      { auth: 'Bearer first', lastEventId: null },
      { auth: 'Bearer first', lastEventId: '1' },
      { auth: 'Bearer renewed', lastEventId: '1' },
    ]);
    expect(tokens).toEqual([undefined, undefined, 'first']);
  });

  it('reads ids, comments, multi-line data, retry and every line ending, however the text is cut', async () => {
    const text =
      ': heartbeat\n\nretry: 5000\nid: 7\nevent: board\ndata: {"a":1}\n\nid: 8\r\nevent: reply\r\ndata: line one\r\ndata:line two\r\n\r\n' +
      'event: unread\rdata: {"unread":3}\r\revent: board\n\ndata: pending';
    const expected: SseEvent[] = [
      { id: '7', event: 'board', data: '{"a":1}' },
      { id: '8', event: 'reply', data: 'line one\nline two' },
      // The last id carries over to an event without one; an event without data, or without its blank line, is not one.
      { id: '8', event: 'unread', data: '{"unread":3}' },
    ];
    const read = async (chunks: string[]) => {
      const stop = new AbortController();
      const events: SseEvent[] = [];
      await runUpdates({
        signal: stop.signal,
        lastEventId: () => '',
        getToken: async () => 'token',
        onEvent: (event) => events.push(event),
        sleep: async () => stop.abort(),
        fetch: async () => streamed(chunks),
      });
      return events;
    };
    expect(await read([text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut++) expect(await read([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(expected);
    expect(await read([...text])).toEqual(expected);
  });
});
