// The event page's update stream (`GET /api/live/{key}/updates`, server-sent events) as the bench reads it:
// when each status first arrives, on this process's `performance.now()` clock.

/** Opens the stream with `authorization`; `arrived(status)` resolves with the time that status first came. */
export async function openStatusStream(baseUrl, key, authorization) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/${encodeURIComponent(key)}/updates`, { headers: { authorization }, signal: controller.signal });
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
