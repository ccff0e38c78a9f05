import type { Drawing } from '@app/contracts/film';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { codeWindowFixture, janeMe, tagFixture } from '@/test/tags-fixture';
import { installVideoFrames, present } from '@/test/video-frames';
import { videoFixture } from '@/test/video-fixture';

const key = '11111111-1111-4111-8111-111111111111';
const path = `/api/user/videos/${key}`;
const drawingAt = (at: number): Drawing => ({
  _id: `d-${at}`,
  at,
  holdSeconds: 3,
  shapes: [{ type: 'arrow', points: [[0.1, 0.1], [0.5, 0.5]], color: '#ff3b30', width: 0.006 }],
  by: 'jane',
  createdAt: '2026-01-01T00:00:00.000Z',
});

// The video page composes the tags feature's "Play all" with the drawings feature's layer.
describe('"Play all" of a video\'s tags with a drawing inside an instance', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
    return installVideoFrames();
  });

  it('holds on the drawing inside the instance, on its frame, for its hold, then plays on', async () => {
    mockFetch({
      [`GET ${path}`]: videoFixture(),
      'GET /api/user/me': janeMe,
      'GET /api/user/team': { owner: 'jane', channel: 'main', description: 'Hawks', members: {} },
      [`GET ${path}/messages`]: [],
      'GET /api/team/codes': codeWindowFixture(),
      [`GET ${path}/tags`]: { items: [tagFixture({ start: 40, end: 50 })] },
      [`GET ${path}/drawings`]: { items: [drawingAt(30), drawingAt(45)] },
    });
    renderApp(`/team/videos/${key}`, {
      routes: [{ path: '/team/videos/:key', lazy: () => import('@/app/routes/video-route'), hydrateFallbackElement: <p>Loading</p> }],
      session: signedInSession,
      level: 'team',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Play all' }));
    const player = await screen.findByRole('region', { name: 'Reel player: Hawks vs Owls: tagged instances' });
    const shown = player.querySelector<HTMLVideoElement>('video[data-active="true"]')!;
    act(() => void shown.dispatchEvent(new Event('loadedmetadata')));
    // Paused on its frame the drawing shows (once the drawings layer is in); at the instance's start, not.
    shown.currentTime = 45;
    act(() => void shown.dispatchEvent(new Event('seeked')));
    expect(await within(player).findByRole('img', { name: 'Drawing with 1 shape' })).toBeInTheDocument();
    act(() => {
      shown.dispatchEvent(new Event('seeking'));
      shown.currentTime = 40;
      shown.dispatchEvent(new Event('seeked'));
    });
    expect(within(player).queryByRole('img', { name: 'Drawing with 1 shape' })).not.toBeInTheDocument();

    await user.click(within(player).getByRole('button', { name: 'Play reel' }));
    expect(shown.paused).toBe(false);
    // The instance plays 40-50 s of the video's own file: the drawing at 45 s is 45 s of it.
    present(shown, 44.92);
    present(shown, 44.96);
    expect(within(player).queryByRole('status')).not.toBeInTheDocument();
    present(shown, 45);
    expect(await within(player).findByRole('status')).toHaveTextContent('Drawing · plays on in 3 s');
    expect(shown.paused).toBe(true);
    expect(shown.currentTime).toBe(45);
    expect(within(player).getByRole('img', { name: 'Drawing with 1 shape' })).toBeInTheDocument();

    await user.click(within(player).getByRole('button', { name: 'Continue' }));
    expect(shown.paused).toBe(false);
    expect(within(player).queryByRole('status')).not.toBeInTheDocument();
  });
});
