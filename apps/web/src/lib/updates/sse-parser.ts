/** One server-sent event as the stream delivered it. */
export type SseEvent = { event: string; data: string; id: string };

/**
 * A server-sent events parser fed text in chunks cut anywhere (mid-line, mid-field, between a CR and
 * its LF), as fetch streaming hands them over. It follows the HTML standard's rules: lines end in
 * CRLF, LF or CR; `:` starts a comment (heartbeats); `data` lines join with '\n'; a blank line
 * dispatches; an event without data is not dispatched; the last `id` carries over to later events.
 *
 * Written here because EventSource cannot send an Authorization header, and the fetch-based SSE
 * clients bring their own connection handling, which our shared stream (one tab holds it) replaces.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  // A chunk ended in CR: a LF opening the next chunk belongs to that line end.
  let skipLeadingLf = false;
  let event = '';
  let data: string[] = [];
  let lastId = '';

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id: lastId });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  }

  return {
    push(chunk: string) {
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The id of the last event seen (what `Last-Event-ID` sends back). */
    get lastEventId() {
      return lastId;
    },
  };
}
