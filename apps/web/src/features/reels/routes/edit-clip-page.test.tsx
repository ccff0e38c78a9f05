import type { UpdateReelBody } from '@app/contracts/clips';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Component as EditClipPage } from '@/features/reels/routes/edit-clip-page';
import { chunkFixture, reelFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

function renderEdit() {
  return renderApp('/team/clips/reel-9/edit', {
    routes: [
      { path: '/team/clips/:clipId/edit', element: <EditClipPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    session: signedInSession,
    level: 'team',
  });
}

const ownReel = reelFixture({ reelId: 'reel-9', title: null, shared: false, chunks: [chunkFixture({ clip: 'c9', in: 0, out: 15, description: 'Press' })] });

describe('Edit Clip', () => {
  it('trims with the range slider by keyboard, describes and titles the clip, and saves its reel', async () => {
    const net = mockFetch({
      'GET /api/user/reels/reel-9': ownReel,
      'PUT /api/user/reels/reel-9': (call) => {
        const body = call.body as UpdateReelBody;
        const { owned: _, ...saved } = ownReel;
        return json({ ...saved, title: body.title, chunks: body.chunks.map((c) => chunkFixture(c)) });
      },
    });
    renderEdit();
    const user = userEvent.setup();
    const inThumb = await screen.findByRole('slider', { name: 'Clip in' });
    const outThumb = screen.getByRole('slider', { name: 'Clip out' });
    expect(inThumb).toHaveAttribute('aria-valuenow', '0');
    expect(outThumb).toHaveAttribute('aria-valuenow', '15');
    inThumb.focus();
    await user.keyboard('{PageUp}{PageUp}{ArrowRight}');
    outThumb.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(inThumb).toHaveAttribute('aria-valuenow', '2.1');
    expect(outThumb).toHaveAttribute('aria-valuenow', '14.5');

    await user.type(screen.getByLabelText('Title'), 'Full-court press');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Trap at half court');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(net.call('PUT', '/api/user/reels/reel-9')!.body).toEqual({
      title: 'Full-court press',
      chunks: [{ clip: 'c9', in: 2.1, out: 14.5, description: 'Trap at half court' }],
    });
  });

  it("previews the trimmed part in the reel player's own controls, not the browser's", async () => {
    mockFetch({ 'GET /api/user/reels/reel-9': ownReel });
    renderEdit();
    const inThumb = await screen.findByRole('slider', { name: 'Clip in' });
    const preview = screen.getByRole('region', { name: 'Reel player: Clip' });
    expect(preview.querySelector('video[controls]')).toBeNull();
    expect(within(preview).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuemax', '15');
    expect(within(preview).getByRole('combobox', { name: 'Playback speed' })).toBeInTheDocument();
    const shown = () => preview.querySelector<HTMLVideoElement>('video[data-active="true"]')!;
    expect(shown().getAttribute('src')).toBe('/storage/clips/c9/clip.mp4?sig=a');
    inThumb.focus();
    await userEvent.setup().keyboard('{PageUp}');
    // The new in-point: the preview plays 1 s to 15 s of the clip's file.
    expect(shown().dataset.in).toBe('1');
    expect(shown().dataset.out).toBe('15');
    expect(within(preview).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuemax', '14');
  });

  it("'Done' saves what changed, then goes back to the clip; with nothing changed it just goes back", async () => {
    const net = mockFetch({
      'GET /api/user/reels/reel-9': ownReel,
      'PUT /api/user/reels/reel-9': (call) => {
        const body = call.body as UpdateReelBody;
        const { owned: _, ...saved } = ownReel;
        return json({ ...saved, title: body.title, chunks: body.chunks.map((c) => chunkFixture(c)) });
      },
    });
    const { router } = renderEdit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Press');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('at: /team/clips/reel-9')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { title: 'Press', chunks: [{ clip: 'c9', in: 0, out: 15, description: 'Press' }] },
    ]);

    await router.navigate('/team/clips/reel-9/edit');
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText('at: /team/clips/reel-9')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it("'Done' stays on the page and says why when the save is refused", async () => {
    mockFetch({ 'GET /api/user/reels/reel-9': ownReel, 'PUT /api/user/reels/reel-9': errorJson(400, 'The out point must be after the in point') });
    renderEdit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), '!');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The out point must be after the in point');
    expect(screen.queryByText(/^at:/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    mockFetch({ 'GET /api/user/reels/reel-9': ownReel, 'PUT /api/user/reels/reel-9': errorJson(400, 'The out point must be after the in point') });
    renderEdit();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The out point must be after the in point');
  });

  it('offers no editor for a clip someone else made, and says when it does not exist', async () => {
    mockFetch({ 'GET /api/user/reels/reel-9': { ...ownReel, owned: false } });
    const { unmount } = renderEdit();
    expect(await screen.findByText('Only the person who made this clip can edit it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/user/reels/reel-9': errorJson(404, 'Not found') });
    renderEdit();
    expect(await screen.findByText('Clip not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/team/clips/reel-9');
  });
});
