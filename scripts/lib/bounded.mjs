// Every wait of the benchmarks has a deadline and, when it passes, an error that names what was awaited
// and what was last seen: on a loaded machine a run must end with a reason, never hang without a word.

const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

/** A deadline passed; the message says what was awaited. */
export class GaveUp extends Error {}

/** `promise`'s outcome, or an error naming `what` once `ms` have passed (the work itself is not cancelled). */
export async function within(what, ms, promise) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new GaveUp(`gave up after ${seconds(ms)} waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `check(note)` every `everyMs` until it returns a truthy value, which it resolves with. After
 * `timeoutMs` it throws, naming `what` and the last thing `check` passed to `note` (e.g. the status it
 * got). A call of `check` that hangs or gives up (a request without an answer) counts as a miss.
 */
export async function until(what, check, { everyMs = 100, timeoutMs }) {
  if (!(timeoutMs > 0)) throw new Error(`until(${what}): a timeoutMs is required`);
  const started = performance.now();
  let seen;
  // A call cut short names the wait only when `check` never noted anything: the last call is often cut
  // short by the deadline itself, and what the calls before it saw says more.
  let cutShort;
  const note = (text) => {
    seen = text;
  };
  for (;;) {
    const left = timeoutMs - (performance.now() - started);
    const value =
      left > 0
        ? await within(what, left, check(note)).catch((err) => {
            if (!(err instanceof GaveUp)) throw err;
            cutShort = err.message;
          })
        : undefined;
    if (value) return value;
    if (performance.now() - started >= timeoutMs) {
      const last = seen ?? cutShort;
      throw new GaveUp(`gave up after ${seconds(timeoutMs)} waiting for ${what}${last === undefined ? '' : ` (last seen: ${last})`}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** fetch with a deadline for the whole exchange (headers and body); the error names the request. */
export async function fetchWithin(url, init = {}, ms = 60_000) {
  const what = `${init.method ?? 'GET'} ${url}`;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    // The body arrives after the headers: read it under the same deadline.
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, ok: res.ok, headers: res.headers, arrayBuffer: () => body, text: () => body.toString(), json: () => JSON.parse(body.toString()) };
  } catch (err) {
    if (err?.name === 'TimeoutError') throw new GaveUp(`gave up after ${seconds(ms)} waiting for an answer to ${what}`);
    throw err;
  }
}

/** Waits for `child` to exit (resolves with its code); after `ms`, kills its process group (or it) and throws, naming `what`. */
export async function exitWithin(what, child, exited, ms) {
  try {
    return await within(`${what} to exit`, ms, exited);
  } catch (err) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    throw err;
  }
}
