import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, openPage } from './browser';
import { apiCall, clipsCut, probeBytes, readyVideo, sql, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** One read of the chunk player: the chunk shown, its element, its time against its in-point. */
function chunkSnapshot(player: Locator) {
  return player.evaluate((region) => {
    const all = Array.from(region.querySelectorAll('video'));
    const shown = all.findIndex((v) => v.dataset.active === 'true');
    const video = all[shown]!;
    return {
      chunk: region.getAttribute('data-chunk'),
      shown,
      time: video.currentTime,
      in: Number(video.dataset.in),
      playing: !video.paused,
      file: new URL(video.currentSrc).pathname,
    };
  });
}

/** Waits until the player shows `chunk` and plays past its in-point; answers that moment's snapshot. */
async function playsChunk(player: Locator, chunk: number) {
  let seen: Awaited<ReturnType<typeof chunkSnapshot>> | undefined;
  await expect
    .poll(async () => {
      const now = await chunkSnapshot(player);
      seen = now;
      return now.chunk === String(chunk) && now.playing && now.time > now.in + 0.2;
    }, { timeout: 30_000 })
    .toBe(true);
  return seen!;
}

/** The file a chunk's source names (signed query and `#t` range left out). */
const fileOf = (source: string) => new URL(source, inject('baseUrl')).pathname;

describe('clips and reels journeys', () => {
  it('a coach marks a clip with i and o, lands on its playing page, finds it in the library; a teammate comments with a mention', { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('clipcoach');
    const key = await readyVideo(coach, 'Hawks vs Owls');
    const mate = await teammate(coach);

    const { page, context, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto(`/team/videos/${key}`);
    const film = page.getByRole('region', { name: /video player/i });
    await expect.poll(() => film.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    // Shortcuts act once focus is on the page: → skips 5 s, i and o mark in and out there.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('i');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('o');
    await page.getByText(/^In 0:05 · Out 0:10$/).waitFor();
    await page.getByRole('button', { name: 'Clip', exact: true }).click();

    await page.waitForURL(/\/team\/clips\/[^/]+$/);
    const reelId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const clips = await apiCall(coach.access, 'GET', '/api/user/clips');
    const made = (clips.body.items as { _id: string; reel_id: string; start: number; duration: number; stream_id: string }[])[0]!;
    expect(made).toMatchObject({ reel_id: reelId, stream_id: key, start: 5, duration: 5 });

    const player = page.getByRole('region', { name: /reel player/i });
    await player.waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Play reel' }).click();
    await playsChunk(player, 0);

    // The library lists it, linking to the same page.
    await page.goto('/library/clips');
    await page.locator(`a[href="/library/clips/${encodeURIComponent(reelId)}"]`).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();

    // The coach said something first; the teammate opens the clip page and comments, mentioning the coach.
    expect((await apiCall(coach.access, 'POST', `/api/channel/${coach.username}/main/${made._id}`, { message: 'Watch the left side' })).status).toBe(201);
    const athlete = await openPage(browser, '/login');
    await signIn(athlete.page, mate.email);
    await athlete.page.goto(`/team/clips/${encodeURIComponent(reelId)}`);
    await athlete.page.getByRole('region', { name: /reel player/i }).waitFor({ timeout: 15_000 });
    await athlete.page.getByText('Watch the left side').waitFor();
    const input = athlete.page.getByPlaceholder("What's new?");
    await input.fill(`Great read here @${coach.username}`);
    await input.press('Enter');
    const comments = athlete.page.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await comments.first().getByText(`Great read here @${coach.username}`).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await comments.count()).toBe(2);
    await comments.nth(1).getByText('Watch the left side').waitFor();

    const mentions = await sql<{ content: string }>(
      `select m.content from channel_mentions cm join channel_messages m on m.id = cm.message_id join users u on u.id = cm.user_id where u.username = $1`,
      [coach.username],
    );
    expect(mentions).toEqual([{ content: `Great read here @${coach.username}` }]);
    expect(athlete.problems).toEqual([]);
    await athlete.context.close();
  });

  it("a reel of three clips from two videos: built and reordered in the editor, played through, shared signed out, then unshared by the team's owner and in the editor", { timeout: 300_000 }, async () => {
    const coach = await subscribedCoach('reelmaker');
    const home = await readyVideo(coach, 'Home game');
    const away = await readyVideo(coach, 'Away game');
    const clip = async (key: string, timestamp: number) =>
      (await coach.call(`/api/user/videos/${key}/clips`, { timestamp, duration: 2 })) as { _id: string; clip_id: number };
    const a = await clip(home, 3);
    const b = await clip(home, 12);
    const c = await clip(away, 6);
    const { reelId } = (await coach.call(`/api/user/reels/${home}`, { clips: [a.clip_id, b.clip_id] })) as { reelId: string };

    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto(`/library/reels/${reelId}/edit`);
    // Add the away game's clip from the library, then move it up one place with the keyboard.
    const picker = page.getByRole('list', { name: 'Clips in your library' });
    await picker.getByRole('checkbox', { name: /Away game/ }).check();
    await page.getByRole('button', { name: 'Add to reel' }).click();
    await page.getByRole('listitem', { name: 'Clip 3' }).waitFor();
    await page.getByRole('button', { name: 'Move clip 3 up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Clip 3 moved to position 2 of 3').waitFor();
    await page.getByLabel('Title').fill('Best of the week');
    // A new reel is not shared until its maker ticks the switch, which acts at once.
    await page.getByText('Sharing is off: the link does not work.').waitFor();
    // The switch turns once the server has switched the link (not on the click itself).
    await page.getByRole('switch', { name: 'Anyone with the link can watch' }).click();
    await page.getByRole('textbox', { name: 'Share link' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    const saved = await apiCall(coach.access, 'GET', `/api/user/reels/${reelId}`);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Best of the week', shared: true });
    expect((saved.body.chunks as { clip: string }[]).map((k) => k.clip)).toEqual([a._id, c._id, b._id]);

    // The reel page plays it through: each switch observed on the player, then back to the first.
    // Once the clips' own files are cut, the sources the page gets stay the same files (only the
    // signature changes), so the files played can be compared with the ones it loaded.
    await clipsCut(coach.access, reelId);
    // The reel page plays it through in the saved order: each switch observed on the player (the
    // other element takes over), each chunk from its own file, then back to the first.
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/user/reels/${reelId}` && r.request().method() === 'GET');
    await page.goto(`/library/reels/${reelId}`);
    const played = ((await (await loaded).json()) as { chunks: { clip: string; source: string }[] }).chunks;
    expect(played.map((k) => k.clip)).toEqual([a._id, c._id, b._id]);
    const player = page.getByRole('region', { name: /reel player/i });
    await player.waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Play reel' }).click();
    let previous: number | undefined;
    for (const chunk of [0, 1, 2, 0]) {
      const now = await playsChunk(player, chunk);
      expect(now.file).toBe(fileOf(played[chunk]!.source));
      if (previous !== undefined) expect(now.shown).not.toBe(previous);
      previous = now.shown;
    }
    expect(problems).toEqual([]);

    // The share link, signed out, plays.
    const visitor = await openPage(browser, `/r/${reelId}`);
    expect(await visitor.context.cookies()).toEqual([]);
    const shared = visitor.page.getByRole('region', { name: /reel player/i });
    await shared.waitFor({ timeout: 15_000 });
    await visitor.page.getByRole('button', { name: 'Play reel' }).click();
    await playsChunk(shared, 0);
    expect(visitor.problems).toEqual([]);

    // The coach owns the team: the members page lists the link among the team's public links, and
    // Turn off there kills it at once; the editor then shows it off.
    await page.goto('/team/members');
    const links = page.getByRole('region', { name: "Public links to your team's footage" });
    await links.getByRole('link', { name: 'Best of the week' }).waitFor();
    await links.getByRole('button', { name: 'Turn off the link to Best of the week' }).click();
    await links.getByText("No public links: nothing of your team's footage is shared.").waitFor();
    expect((await fetch(`${inject('baseUrl')}/api/reels/${reelId}`)).status).toBe(404);
    await page.goto(`/library/reels/${reelId}/edit`);
    await page.getByText('Sharing is off: the link does not work.').waitFor();

    // On again, then off in the editor: the link is dead at once, before any Save.
    await page.getByRole('switch', { name: 'Anyone with the link can watch', checked: false }).click();
    await page.getByRole('textbox', { name: 'Share link' }).waitFor();
    expect((await fetch(`${inject('baseUrl')}/api/reels/${reelId}`)).status).toBe(200);
    await page.getByRole('switch', { name: 'Anyone with the link can watch', checked: true }).click();
    await page.getByText('Sharing is off: the link does not work.').waitFor();
    expect((await fetch(`${inject('baseUrl')}/api/reels/${reelId}`)).status).toBe(404);
    await visitor.page.reload();
    // (Its console shows the API's 404 for the link: that is the answer, not a problem.)
    await visitor.page.getByRole('heading', { level: 1, name: 'This reel is not shared' }).waitFor();
    await visitor.context.close();
  });

  it('Download MP4 in the editor shows progress, then a link to one MP4 of the whole reel with sound', { timeout: 300_000 }, async () => {
    const coach = await subscribedCoach('reelexport');
    const home = await readyVideo(coach, 'Home game');
    const clip = async (timestamp: number) => (await coach.call(`/api/user/videos/${home}/clips`, { timestamp, duration: 2 })) as { clip_id: number };
    const clips = [await clip(2), await clip(9)];
    const { reelId } = (await coach.call(`/api/user/reels/${home}`, { clips: clips.map((k) => k.clip_id) })) as { reelId: string };
    const reel = await apiCall(coach.access, 'GET', `/api/user/reels/${reelId}`);
    const length = (reel.body.chunks as { in: number; out: number }[]).reduce((sum, k) => sum + k.out - k.in, 0);

    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto(`/library/reels/${reelId}/edit`);
    await page.getByRole('button', { name: 'Download MP4' }).click();
    await page.getByRole('status').filter({ hasText: /Preparing the MP4\.\.\. \d+%/ }).waitFor();
    const link = page.getByRole('link', { name: 'Download MP4' });
    await link.waitFor({ timeout: 120_000 });
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();

    const res = await fetch(new URL(href!, inject('baseUrl')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    const mp4 = await probeBytes(await res.arrayBuffer());
    expect(mp4.streams.filter((s) => s.type === 'video' && !s.isAttachedPicture)).toHaveLength(1);
    expect(mp4.audio).not.toBeNull();
    expect(mp4.durationSec).toBeCloseTo(length, 0);

    // A change to the reel discards its MP4: the editor offers to make a new one.
    await page.getByLabel('Title').fill('Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Download MP4' }).waitFor();
    expect(await link.count()).toBe(0);
    expect((await apiCall(coach.access, 'GET', `/api/user/reels/${reelId}/export`)).body).toMatchObject({ status: 'none', url: null });
    expect(problems).toEqual([]);
  });
});
