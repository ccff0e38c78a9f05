import { ensureChromium } from './chromium.mjs';

/**
 * Installed in the page: records what the chunk player puts on screen and answers it as runs of
 * one chunk each, in the order they were shown ({ chunk, first, last }, times in ms; `from` and `to`,
 * the media times in seconds of the first and last frames the run presented: the stretch it played).
 * `videos` selects the player's elements (default: every video in a region; a page with several
 * players names the one to watch).
 *
 * What is on screen is counted in rendering updates: the `now` a requestVideoFrameCallback gets is
 * the timestamp requestAnimationFrame gets in the same update, the one that paints DOM changes made
 * before it (also those made by other frame callbacks of that update). On screen are:
 * - a frame presented by the element that is the shown one (data-active) in that update. Frames of
 *   the hidden element (the next chunk preloading, or playing ahead of a switch) are not.
 * - the frame an element holds when it becomes the shown one, from the update that paints the
 *   change: it may have been presented earlier, hidden (a preloaded in-point), and appears only
 *   now. Without it, a switch that reveals a preloaded frame would be measured up to the next frame
 *   presented after it (one or more frame intervals too long). An element that has presented no
 *   frame of its chunk yet shows nothing (poster or black), so its showing is not counted.
 * A chunk is its element's source and in-point: two chunks may share a file.
 */
export function recordScreen(videos = '[role=region] video') {
  const frames = [];
  const shows = [];
  globalThis.document.querySelectorAll(videos).forEach((video, slot) => {
    const chunk = () => `${video.currentSrc} ${video.dataset.in}`;
    const onFrame = (now, meta) => {
      frames.push({ slot, at: now, chunk: chunk(), media: meta.mediaTime });
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    shows.push({ slot, shown: video.dataset.active === 'true', chunk: chunk(), at: -Infinity });
    new globalThis.MutationObserver(() => {
      const change = { slot, shown: video.dataset.active === 'true', chunk: chunk(), at: null };
      shows.push(change);
      // Runs in the update that paints the change (the same one when it was made in a frame callback).
      globalThis.requestAnimationFrame((ts) => (change.at = ts));
    }).observe(video, { attributes: true, attributeFilter: ['data-active'] });
  });
  const shownAt = (slot, at) => {
    let shown = false;
    for (const s of shows) if (s.slot === slot && s.at !== null && s.at <= at) shown = s.shown;
    return shown;
  };
  globalThis.benchFrameCount = () => frames.length;
  globalThis.benchRuns = () => {
    const onScreen = [
      ...frames.filter((f) => shownAt(f.slot, f.at)),
      ...shows.flatMap((s) => {
        if (!s.shown || s.at === null || s.at === -Infinity) return [];
        // The frame it reveals: the last its element presented of the chunk (hidden, until now).
        const held = frames.findLast((f) => f.slot === s.slot && f.chunk === s.chunk && f.at <= s.at);
        return held ? [{ ...s, media: held.media }] : [];
      }),
    ].sort((a, b) => a.at - b.at);
    const runs = [];
    for (const e of onScreen) {
      let run = runs.at(-1);
      if (run?.chunk === e.chunk) run.last = e.at;
      else runs.push((run = { chunk: e.chunk, first: e.at, last: e.at, from: null, to: null }));
      if (e.media !== undefined) {
        run.from = run.from === null ? e.media : Math.min(run.from, e.media);
        run.to = run.to === null ? e.media : Math.max(run.to, e.media);
      }
    }
    return runs;
  };
}

/**
 * Plays a reel's share page signed out in Chromium and measures each chunk switch: from the last
 * frame of chunk N on screen to the first frame of chunk N+1 on screen (see recordScreen), in
 * seconds. Within a chunk two frames are one frame interval apart (33 ms at 30 fps), so that is
 * the best a switch can do.
 */
export async function chunkSwitchGaps(port, reelId, switches, timeoutMs) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // localhost, the server's default PUBLIC_URL: media URLs are signed for it, and CSP allows only it.
    await page.goto(`http://localhost:${port}/r/${reelId}`);
    return await playedSwitchGaps(page, page.locator('[role=region]').filter({ has: page.getByRole('button', { name: 'Play reel' }) }), switches, timeoutMs);
  } finally {
    await browser.close();
  }
}

/**
 * The switch gaps (seconds) of the reel player `player` (a locator of its region) on an open page: it
 * records the screen, presses Play reel and waits until chunk `switches` (counting from 0) was on screen.
 */
export async function playedSwitchGaps(page, player, switches, timeoutMs) {
  await player.locator('video').nth(1).waitFor({ state: 'attached' });
  await page.evaluate(recordScreen);
  await player.getByRole('button', { name: 'Play reel' }).click();
  await page
    .waitForFunction((n) => globalThis.benchRuns().length > n, switches, { timeout: timeoutMs, polling: 100 })
    .catch(async (err) => {
      const state = await page.evaluate(() => ({
        chunk: globalThis.document.querySelector('[role=region][data-chunk]')?.getAttribute('data-chunk'),
        frames: globalThis.benchFrameCount(),
        videos: [...globalThis.document.querySelectorAll('[role=region] video')].map((v) => ({
          src: v.currentSrc.slice(-60),
          paused: v.paused,
          readyState: v.readyState,
          time: v.currentTime,
          error: v.error?.message ?? v.error?.code ?? null,
        })),
      }));
      throw new Error(`the reel did not play through: ${JSON.stringify(state)}`, { cause: err });
    });
  const { runs, frames } = await page.evaluate(() => ({ runs: globalThis.benchRuns(), frames: globalThis.benchFrameCount() }));
  const gaps = runs.slice(1, switches + 1).map((run, i) => (run.first - runs[i].last) / 1000);
  return { gaps, frames };
}
