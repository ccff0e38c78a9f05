// The event page's update stream (`GET /api/live/{key}/updates`, server-sent events) as the bench reads it:
// when each status first arrives, on this process's `performance.now()` clock.
import { within } from './bounded.mjs';

/**
 * Opens the stream with `authorization`; `arrived(status)` resolves with the time that status first came
 * (a caller bounds that wait: the stream itself stays open until `close()`).
 */
export async function openStatusStream(baseUrl, key, authorization) {
  const controller = new AbortController();
  const url = `${baseUrl}/api/live/${encodeURIComponent(key)}/updates`;
  const res = await within(`the headers of GET ${url}`, 30_000, fetch(url, { headers: { authorization }, signal: controller.signal })).catch((err) => {
    controller.abort();
    throw err;
  });
  if (!res.ok) throw new Error(`GET /api/live/${key}/updates: ${res.status} ${await res.text()}`);
  const firstAt = new Map();
  const waiters = [];
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const data = /^data: (.*)$/m.exec(text.slice(0, end));
          text = text.slice(end + 2);
          if (!data) continue;
          const { status } = JSON.parse(data[1]);
          if (!firstAt.has(status)) firstAt.set(status, performance.now());
          for (const w of waiters.filter((x) => firstAt.has(x.status))) w.resolve(firstAt.get(w.status));
        }
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return {
    arrived: (status) => (firstAt.has(status) ? Promise.resolve(firstAt.get(status)) : new Promise((resolve) => waiters.push({ status, resolve }))),
    close: () => controller.abort(),
  };
}
