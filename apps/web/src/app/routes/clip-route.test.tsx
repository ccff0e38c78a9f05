import type { Reel, ReelView } from '@app/contracts/clips';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import { formatVideoDate } from '@/lib/media-time';

// The clip page as the app composes it: the clips feature's page with the reels feature's "Add to reel".

const clipReelId = 'c'.repeat(32);
const madeAt = 1_700_000_000_000;
const expiresAt = new Date(Date.now() + 600_000).toISOString();
const chunk = (clip: string, extra: object = {}) => ({ id: `k-${clip}`, description: '', source: `/storage/${clip}.mp4?sig=a`, clip, in: 0, out: 8, poster: null, ...extra });

const clipReel: ReelView = {
  reelId: clipReelId,
  title: null,
  shared: false,
  timestamp: madeAt,
  owned: false,
  saved: false,
  mediaExpiresAt: expiresAt,
  chunks: [chunk('clip-1', { clipTitle: 'Hawks vs Owls', time: '00:00:12', stream_id: 'video-1', clip_id: 12_000 })],
};
const reel = (reelId: string, title: string, clips: string[]): Reel => ({
  reelId,
  title,
  shared: false,
  timestamp: madeAt,
  mediaExpiresAt: expiresAt,
  chunks: clips.map((clip) => chunk(clip)),
});
const season = reel('a'.repeat(32), 'Season plays', ['clip-9']);
const defence = reel('b'.repeat(32), 'Defence', ['clip-1']);

function routesFor() {
  return {
    [`GET /api/user/reels/${clipReelId}`]: clipReel,
    'GET /api/user/reels': { items: [season, defence], next: null },
    'GET /api/user/team': { owner: 'coach', channel: 'main', description: 'Hawks', members: {} },
    'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'kid', type: 'athlete' },
    'GET /api/channel/coach/main/clip-1': [],
  };
}

function renderClipPage() {
  return renderApp(`/team/clips/${clipReelId}`, {
    routes: pageRoutes('/team/clips/:clipId', () => import('@/app/routes/clip-route')),
    session: signedInSession,
    level: 'athlete',
  });
}

describe('a clip page: Add to reel', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('puts the clip at the end of one of my reels; a reel that has it already cannot take it again', async () => {
    const net = mockFetch({
      ...routesFor(),
      [`GET /api/user/reels/${season.reelId}`]: { ...season, owned: true },
      [`PUT /api/user/reels/${season.reelId}`]: reel(season.reelId, 'Season plays', ['clip-9', 'clip-1']),
    });
    renderClipPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to reel' }));
    expect(await screen.findByRole('button', { name: 'Defence: has this clip' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to Season plays' }));

    expect(await screen.findByText('Added to “Season plays”.')).toBeInTheDocument();
    expect(net.call('PUT', `/api/user/reels/${season.reelId}`)?.body).toEqual({
      title: 'Season plays',
      chunks: [
        { clip: 'clip-9', in: 0, out: 8, description: '' },
        { clip: 'clip-1', in: 0, out: 8, description: '' },
      ],
    });
    expect(screen.getByRole('link', { name: 'Open the reel' })).toHaveAttribute('href', `/library/reels/${season.reelId}`);
  });

  it('starts a new reel with the clip, titled after its video and date unless the user changes it', async () => {
    const fresh = 'n'.repeat(32);
    const net = mockFetch({
      ...routesFor(),
      'POST /api/user/reels/video-1': json({ reelId: fresh }, 201),
      [`PUT /api/user/reels/${fresh}`]: reel(fresh, 'x', ['clip-1']),
    });
    renderClipPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to reel' }));
    const title = await screen.findByLabelText('New reel');
    const suggested = `Hawks vs Owls · ${formatVideoDate(new Date(madeAt).toISOString())}`;
    expect(title).toHaveValue(suggested);
    await user.click(screen.getByRole('button', { name: 'Make reel' }));

    expect(await screen.findByText(`Made the reel “${suggested}”.`)).toBeInTheDocument();
    expect(net.call('POST', '/api/user/reels/video-1')?.body).toEqual({ clips: [12_000] });
    await waitFor(() =>
      expect(net.call('PUT', `/api/user/reels/${fresh}`)?.body).toEqual({ title: suggested, chunks: [{ clip: 'clip-1', in: 0, out: 8, description: '' }] }),
    );
    expect(within(screen.getByRole('region', { name: 'Add to reel' })).getByRole('link', { name: 'Open the reel' })).toHaveAttribute('href', `/library/reels/${fresh}`);
  });
});
