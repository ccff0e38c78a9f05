// Simulated HLS viewers for the live load test: each does what hls.js does at the live edge of a playlist
// with CAN-BLOCK-RELOAD: it asks for the next playlist with `_HLS_msn=<next>&_HLS_skip=YES` (the server
// holds the request until that segment exists) and meanwhile downloads each newly listed segment in full,
// one after another, over keep-alive connections. Node's `http` keeps the generator's own CPU low.
import http from 'node:http';

/** A viewer falls behind when a segment arrives later than this after it was first announced. */
export const LAG_LIMIT_MS = 2000;

export function createCrowd() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  /** seq -> when the first viewer's playlist listed it: the live edge, as the viewers see it. */
  const firstSeen = new Map();
  let edge = -1;
  const viewers = [];
  let step = null;

  const get = (url, onData) =>
    new Promise((resolve) => {
      const req = http.get(url, { agent }, (res) => {
        res.on('data', onData);
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
    });

  const getText = async (url) => {
    const chunks = [];
    const status = await get(url, (c) => chunks.push(c));
    return status === 200 ? Buffer.concat(chunks).toString() : null;
  };

  /** `fromStart`: a late joiner who plays the game from its first segment (DVR), not from the live edge. */
  function startViewer(playlistUrl, fromStart) {
    /** `from`: the first segment it plays; `done`: seq -> when it had the whole segment. */
    const viewer = { stopped: false, from: undefined, done: new Map(), fromStart };
    const queue = [];
    let wake = null;
    let last = -1;
    const listed = (text, at) => {
      const uris = text.split('\n').filter((line) => line && !line.startsWith('#'));
      const joining = last < 0;
      for (const uri of uris) {
        // `<seq>.ts`, under a path token's directory or not.
        const seq = Number(/(\d+)\.ts(?:\?|$)/.exec(uri)?.[1]);
        if (!(seq > last)) continue;
        if (seq > edge) {
          firstSeen.set(seq, at);
          edge = seq;
        }
        // Joining: start at the live edge, as hls.js does, not at the first segment listed.
        if (!joining || fromStart || uri === uris.at(-1)) {
          viewer.from ??= seq;
          queue.push({ seq, url: new URL(uri, playlistUrl).href });
        }
        last = seq;
      }
      wake?.();
    };
    const playlists = async () => {
      while (!viewer.stopped) {
        const t0 = performance.now();
        const text = await getText(last < 0 ? playlistUrl : `${playlistUrl}&_HLS_msn=${last + 1}&_HLS_skip=YES`);
        const at = performance.now();
        if (viewer.stopped) return;
        if (text === null) {
          step?.errors.push('playlist');
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (last >= 0) step?.playlistMs.push(at - t0);
        listed(text, at);
      }
    };
    const segments = async () => {
      while (!viewer.stopped) {
        const next = queue.shift();
        if (!next) {
          await new Promise((r) => (wake = r));
          wake = null;
          continue;
        }
        const t0 = performance.now();
        let bytes = 0;
        const status = await get(next.url, (c) => (bytes += c.length));
        const at = performance.now();
        if (viewer.stopped) return;
        // A failed segment stays missing from `done`: missed.
        if (status !== 200) {
          step?.errors.push(`segment ${status}`);
          continue;
        }
        viewer.done.set(next.seq, at);
        if (step) {
          step.segmentMs.push(at - t0);
          step.bytes += bytes;
        }
      }
    };
    void playlists();
    void segments();
    viewer.stop = () => {
      viewer.stopped = true;
      wake?.();
    };
    viewers.push(viewer);
  }

  return {
    get size() {
      return viewers.length;
    },
    add(count, playlistUrlOf, { fromStartEvery = 0 } = {}) {
      for (let i = 0; i < count; i++) startViewer(playlistUrlOf(viewers.length), fromStartEvery > 0 && viewers.length % fromStartEvery === fromStartEvery - 1);
    },
    /** Starts recording a hold; `end()` gives its numbers. */
    hold() {
      const started = performance.now();
      step = { playlistMs: [], segmentMs: [], bytes: 0, errors: [] };
      const recording = step;
      return {
        end() {
          const ended = performance.now();
          step = null;
          // Judged: segments first announced in the hold early enough to be due before it ended.
          const due = [...firstSeen].filter(([, at]) => at >= started && at <= ended - LAG_LIMIT_MS);
          let behind = 0;
          let worstLagMs = 0;
          for (const viewer of viewers) {
            // Catching up from the start, a late joiner is behind the edge by choice.
            if (viewer.fromStart) continue;
            let late = false;
            for (const [seq, announced] of due) {
              if (viewer.from === undefined || seq < viewer.from) continue;
              const lag = (viewer.done.get(seq) ?? Number.POSITIVE_INFINITY) - announced;
              worstLagMs = Math.max(worstLagMs, lag);
              if (lag > LAG_LIMIT_MS) late = true;
            }
            if (late) behind += 1;
          }
          for (const [seq, at] of firstSeen) if (at < started - 10_000) firstSeen.delete(seq);
          for (const viewer of viewers) for (const seq of viewer.done.keys()) if (!firstSeen.has(seq)) viewer.done.delete(seq);
          return { ...recording, seconds: (ended - started) / 1000, judgedSegments: due.length, behind, worstLagMs };
        },
      };
    },
    stop() {
      for (const viewer of viewers) viewer.stop();
      agent.destroy();
    },
  };
}
