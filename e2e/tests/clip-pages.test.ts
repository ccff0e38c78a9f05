import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility-helpers';
import { launch, openPage } from './browser';
import { apiCall, readyVideo, sql, teammate } from './clips-helpers';
import { signIn, subscribedCoach } from './videos-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type ClipJson = { _id: string; reel_id: string; start: number; duration: number; stream_id: string };

/** The clip page's reel id, from its address (`/team/clips/{reelId}`). */
const reelIdOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/')[3]!);

describe('clip pages', () => {
  it("a clip page on a phone is named by its video and position and has the film player's controls: a seek bar, the clip's length, no list of chunks", { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('clipphone');
    const key = await readyVideo(coach, 'Phone Derby');
    const clip = (await coach.call(`/api/user/videos/${key}/clips`, { timestamp: 4, duration: 3 })) as unknown as ClipJson;

    const phone = { width: 390, height: 844 };
    const { page, problems } = await openPage(browser, '/login', phone);
    await signIn(page, coach.email);
    await page.goto(`/team/clips/${encodeURIComponent(clip.reel_id)}`);
    await page.getByRole('heading', { level: 1, name: 'Phone Derby · 00:00:04' }).waitFor();
    const player = page.getByRole('region', { name: /reel player/i });
    const seek = player.getByRole('slider', { name: 'Seek' });
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuemax'))).toBeGreaterThan(0);
    await expect.poll(() => player.getByTestId('player-time').locator('..').textContent()).toMatch(/^0:00 \/ 0:0[1-9]$/);
    expect(await page.getByText(/chunks/i).count()).toBe(0);
    // Nothing of the controls is cut off at the right edge of the phone.
    const fullscreen = await player.getByRole('button', { name: 'Fullscreen' }).boundingBox();
    expect(fullscreen!.x + fullscreen!.width).toBeLessThanOrEqual(phone.width);
    expect(problems).toEqual([]);
  });

  it("'Clip this highlight' clips the highlight's intro to outro; the edit page trims it with the range slider, titles and describes it, and 'Done' saves", { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('clipedit');
    const key = await readyVideo(coach, 'Hawks vs Owls');
    const marked = await apiCall(coach.access, 'PUT', `/api/user/videos/${key}`, { highlights: [{ intro: 5, highlight: 8, outro: 13 }] });
    expect(marked.status).toBe(200);

    const { page, problems } = await openPage(browser, '/login');
    await signIn(page, coach.email);
    await page.goto(`/team/videos/${key}`);
    await page.getByRole('button', { name: 'Clip this highlight: Highlight 1' }).click();
    await page.waitForURL(/\/team\/clips\/[^/]+$/);
    const reelId = reelIdOf(page.url());
    const clips = await apiCall(coach.access, 'GET', '/api/user/clips');
    expect((clips.body.items as ClipJson[])[0]).toMatchObject({ reel_id: reelId, stream_id: key, start: 5, duration: 8 });
    await page.getByRole('region', { name: /reel player/i }).waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/team/clips/${encodeURIComponent(reelId)}/edit`);
    // The range slider by keyboard: Page Up/Down move a thumb a tenth of the way, arrows a step (0.1 s).
    const inThumb = page.getByRole('slider', { name: 'Clip in' });
    const outThumb = page.getByRole('slider', { name: 'Clip out' });
    await expect.poll(() => outThumb.getAttribute('aria-valuenow')).toBe('8');
    await inThumb.focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => inThumb.getAttribute('aria-valuenow')).toBe('1.1');
    await outThumb.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => outThumb.getAttribute('aria-valuenow')).toBe('7.8');

    await page.getByLabel('Title').fill('Fast break');
    await page.getByLabel('Description').fill('Left wing run');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === `/team/clips/${encodeURIComponent(reelId)}`);

    // The clip page shows what was saved, and the server has it.
    await page.getByRole('heading', { level: 1, name: 'Fast break' }).waitFor();
    await page.getByTestId('chunk-description').filter({ hasText: 'Left wing run' }).waitFor();
    const saved = await apiCall(coach.access, 'GET', `/api/user/reels/${reelId}`);
    expect(saved.body).toMatchObject({ title: 'Fast break' });
    expect((saved.body.chunks as { in: number; out: number; description: string }[])[0]).toMatchObject({
      in: 1.1,
      out: 7.8,
      description: 'Left wing run',
    });
    expect(problems).toEqual([]);
  });

  it("the team owner also shares a clip in the channel from its comments; a teammate may not, but saves it to their library and mentions the coach from the list", { timeout: 240_000 }, async () => {
    const coach = await subscribedCoach('clipshare');
    const key = await readyVideo(coach, 'Derby');
    const clip = (await coach.call(`/api/user/videos/${key}/clips`, { timestamp: 4, duration: 3 })) as unknown as ClipJson;
    const mate = await teammate(coach);

    const owner = await openPage(browser, '/login');
    await signIn(owner.page, coach.email);
    await owner.page.goto(`/team/clips/${encodeURIComponent(clip.reel_id)}`);
    await owner.page.getByLabel('Also share in channel').check();
    const input = owner.page.getByPlaceholder("What's new?");
    await input.fill('Watch the spacing here');
    const shared = owner.page.waitForResponse((r) => new URL(r.url()).pathname === `/api/channel/${coach.username}/main` && r.request().method() === 'POST');
    await input.press('Enter');
    const share = await shared;
    expect(share.status()).toBe(201);
    expect(await share.json()).toMatchObject({ publisher: coach.username, content: 'Watch the spacing here', type: 'reel', action: clip.reel_id });
    await owner.page.getByText('Shared in the channel.').waitFor();
    // No API lists a channel's messages yet (the board is to come): the message is read where it is kept.
    const messages = await sql<{ kind: string; type: string; action: string; content: string }>(
      `select m.kind, m.type, m.action, m.content from channel_messages m join users u on u.id = m.publisher_user_id
        where u.username = $1 and m.kind = 'message'`,
      [coach.username],
    );
    expect(messages).toEqual([{ kind: 'message', type: 'reel', action: clip.reel_id, content: 'Watch the spacing here' }]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();

    const athlete = await openPage(browser, '/login');
    await signIn(athlete.page, mate.email);
    // A teammate marks a highlight on the coach's video, and may remove their own (not the coach's).
    await apiCall(coach.access, 'POST', `/api/user/videos/${key}/highlights`, { at: 5 });
    await athlete.page.goto(`/team/videos/${key}`);
    await athlete.page.getByRole('button', { name: /^Highlight 1/ }).waitFor();
    // The player stands at 0: the athlete's highlight comes first.
    const saved = athlete.page.waitForResponse((r) => new URL(r.url()).pathname === `/api/user/videos/${key}/highlights` && r.request().method() === 'POST');
    await athlete.page.getByRole('button', { name: 'Mark Highlight' }).click();
    expect((await saved).status()).toBe(201);
    await athlete.page.getByRole('button', { name: 'Remove Highlight 1' }).waitFor();
    expect(await athlete.page.getByRole('button', { name: 'Remove Highlight 2' }).count()).toBe(0);
    const video = await apiCall(coach.access, 'GET', `/api/user/videos/${key}`);
    expect((video.body.highlights as { highlight: number }[]).map((h) => h.highlight)).toEqual([0, 5]);
    await athlete.page.goto(`/team/clips/${encodeURIComponent(clip.reel_id)}`);
    const box = athlete.page.getByPlaceholder("What's new?");
    await box.waitFor();
    await athlete.page.getByText('Watch the spacing here').waitFor();
    expect(await athlete.page.getByLabel('Also share in channel').count()).toBe(0);
    const refused = await apiCall(mate.access, 'POST', `/api/channel/${coach.username}/main`, { message: 'Me too', reel: clip.reel_id });
    expect(refused.status).toBe(403);

    // Save puts the coach's clip in the teammate's library.
    await athlete.page.getByRole('button', { name: 'Save' }).click();
    await athlete.page.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
    const library = await apiCall(mate.access, 'GET', '/api/user/clips');
    expect((library.body.items as ClipJson[]).map((c) => c._id)).toEqual([clip._id]);

    // '@' offers the team's members; Enter takes the chosen one, then posts.
    await box.pressSequentially('Thanks @');
    const option = athlete.page.getByRole('listbox', { name: 'Members to mention' }).getByRole('option', { name: new RegExp(`@${coach.username}$`) });
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    // The page with the list open (and the Save toggle) has no serious accessibility problem.
    expect(await seriousViolations(athlete.page)).toEqual([]);
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`Thanks @${coach.username} `);
    await box.press('Enter');
    const mention = athlete.page.getByRole('list', { name: 'Comments' }).getByRole('link', { name: `@${coach.username}` });
    await mention.waitFor();
    expect(await mention.getAttribute('href')).toBe(`/team/members/${coach.username}`);
    const mentions = await sql<{ content: string }>(
      `select m.content from channel_mentions cm join channel_messages m on m.id = cm.message_id join users u on u.id = cm.user_id where u.username = $1`,
      [coach.username],
    );
    expect(mentions).toEqual([{ content: `Thanks @${coach.username}` }]);
    expect(athlete.problems).toEqual([]);
    await athlete.context.close();
  });
});
