import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { installMatchMedia } from '@/test/match-media';
import { renderApp } from '@/test/render-app';
import { codeWindowFixture, janeMe, tagFixture } from '@/test/tags-fixture';
import { videoFixture } from '@/test/video-fixture';

const key = '11111111-1111-4111-8111-111111111111';
const tagsPath = `/api/user/videos/${key}/tags`;

function renderVideo(path = `/team/videos/${key}`, level: 'team' | 'fan' = 'team') {
  const net = mockFetch({
    [`GET /api/user/videos/${key}`]: videoFixture(),
    'GET /api/user/me': janeMe,
    [`GET /api/user/videos/${key}/messages`]: [],
    'GET /api/team/codes': codeWindowFixture(),
    [`GET ${tagsPath}`]: { items: [tagFixture({ start: 2, end: 9 })] },
    [`POST ${tagsPath}`]: (call: FetchCall) => json(tagFixture({ _id: 't2', start: (call.body as { at: number }).at - 5, end: (call.body as { at: number }).at + 3 }), 201),
  });
  const routes = pageRoutes(path.startsWith('/team') ? '/team/videos/:key' : '/library/videos/:videoId', () => import('@/app/routes/video-route'));
  renderApp(path, { routes, session: signedInSession, level });
  return net;
}

/** Whether `a` comes before `b` in the page. */
const before = (a: HTMLElement, b: HTMLElement) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('a video page with film study', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('tags at the playhead with a hotkey while the video plays, and shows the instance on the timeline', async () => {
    const net = renderVideo();
    await screen.findByRole('heading', { name: 'Code window' });
    const video = screen.getByRole('region', { name: /video player/i }).querySelector('video')!;
    video.currentTime = 40;
    await screen.findByRole('list', { name: 'Shot instances' });
    await userEvent.setup().keyboard('s');
    await waitFor(() => expect(net.call('POST', tagsPath)?.body).toEqual({ code: 'Shot', at: 40 }));
    const shots = screen.getByRole('list', { name: 'Shot instances' });
    await waitFor(() => expect(within(shots).getAllByRole('button')).toHaveLength(2));
    expect(within(shots).getByRole('button', { name: /0:35 to 0:43/ })).toBeInTheDocument();
  });

  it('on a phone, puts the code window under the player and above the tags', async () => {
    renderVideo(`/library/videos/${key}`);
    const phone = await screen.findByRole('heading', { name: 'Code window' });
    expect(before(phone, screen.getByRole('heading', { name: /^Tags/ }))).toBe(true);
    expect(before(screen.getByRole('region', { name: /video player/i }), phone)).toBe(true);
  });

  it('on a laptop, heads the side column above the highlights', async () => {
    installMatchMedia(false, { width: 1366 });
    renderVideo();
    const laptop = await screen.findByRole('heading', { name: 'Code window' });
    expect(before(screen.getByRole('heading', { name: /^Tags/ }), laptop)).toBe(true);
    expect(before(laptop, screen.getByRole('heading', { name: 'Highlights' }))).toBe(true);
    expect(screen.getAllByRole('heading', { name: 'Code window' })).toHaveLength(1);
  });

  it("shows a fan in the team the video without its film study: no code window, no tags, nothing asked of them", async () => {
    const net = renderVideo(`/library/videos/${key}`, 'fan');
    await screen.findByRole('region', { name: /video player/i });
    await screen.findByRole('heading', { name: 'Highlights' });
    expect(screen.queryByRole('heading', { name: 'Code window' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Tags/ })).not.toBeInTheDocument();
    expect(net.calls.filter((c) => c.path === '/api/team/codes' || c.path.startsWith(tagsPath))).toEqual([]);
  });
});
