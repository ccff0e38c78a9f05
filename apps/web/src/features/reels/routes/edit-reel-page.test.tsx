import type { ReelExport, UpdateReelBody } from '@app/contracts/clips';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Component as EditReelPage } from '@/features/reels/routes/edit-reel-page';
import { chunkFixture, clipFixture, reelFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const reel = reelFixture({
  reelId: 'r1',
  title: 'Defense',
  shared: true,
  chunks: [chunkFixture({ id: 'k1', clip: 'a', out: 10 }), chunkFixture({ id: 'k2', clip: 'b', out: 12 }), chunkFixture({ id: 'k3', clip: 'c', out: 8 })],
});

function renderEditor(routes: Record<string, object>) {
  const net = mockFetch({ 'GET /api/user/reels/r1': reel, 'GET /api/user/clips': { items: [], next: null }, ...routes });
  renderApp('/library/reels/r1/edit', {
    routes: [{ path: '/library/reels/:reelId/edit', element: <EditReelPage /> }],
    session: signedInSession,
    level: 'team',
  });
  return net;
}

describe('Reel editor', () => {
  it('reorders by keyboard, removes, turns sharing off and saves the whole reel as pinned', async () => {
    const net = renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1/sharing': (call: { body: unknown }) => json({ reelId: 'r1', ...(call.body as object) }),
      'PUT /api/user/reels/r1': (call: { body: unknown }) => {
        const body = call.body as UpdateReelBody;
        return json({ ...reel, owned: undefined, title: body.title, shared: false, chunks: body.chunks.map((c) => chunkFixture(c)) });
      },
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Clips in this reel' });
    // Keyboard: focus the move button and press Enter.
    within(list).getByRole('button', { name: 'Move clip 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Clip 3 moved to position 2 of 3')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove clip 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Description of clip 1' }), 'Zone');
    await user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Sharing is off: the link does not work.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(net.call('PUT', '/api/user/reels/r1')!.body).toEqual({
      title: 'Defense',
      chunks: [
        { clip: 'c', in: 0, out: 8, description: 'Zone' },
        { clip: 'b', in: 0, out: 12, description: '' },
      ],
    });
  });

  it("Add clips offers only the library's clips the reel does not have, and again those taken out of it", async () => {
    renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'GET /api/user/clips': {
        items: [clipFixture({ _id: 'a', clipTitle: 'Alpha' }), clipFixture({ _id: 'd', clipTitle: 'Delta' })],
        next: null,
      },
    });
    const library = await screen.findByRole('list', { name: 'Clips in your library' });
    expect(within(library).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(library).getByText('Delta')).toBeInTheDocument();
    expect(within(library).queryByText('Alpha')).not.toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByRole('list', { name: 'Clips in this reel' })).getByRole('button', { name: 'Remove clip 1' }));
    expect(within(library).getByText('Alpha')).toBeInTheDocument();
  });

  it('switches the link on its own request, before any Save, and says so only once the server has', async () => {
    let answer: (response: Response) => void = () => {};
    const net = renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1/sharing': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Anyone with the link can watch' });
    expect(screen.getByRole('textbox', { name: 'Share link' })).toHaveValue('http://localhost:3000/r/r1');
    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent('Turning sharing off...');
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(net.call('PUT', '/api/user/reels/r1/sharing')!.body).toEqual({ shared: false });
    answer(json({ reelId: 'r1', shared: false }));
    expect(await screen.findByText('Sharing is off: the link does not work.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(net.call('PUT', '/api/user/reels/r1')).toBeUndefined();
  });

  it("saves without the link's state, and then shows it as the server has it (the team owner switched it off meanwhile)", async () => {
    const net = renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1': (call: { body: unknown }) => json({ ...reel, shared: false, chunks: (call.body as UpdateReelBody).chunks.map((c) => chunkFixture(c)) }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('switch', { name: 'Anyone with the link can watch' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sharing is off: the link does not work.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Anyone with the link can watch' })).not.toBeChecked();
    expect(net.call('PUT', '/api/user/reels/r1')!.body).not.toHaveProperty('shared');
  });

  it('keeps the switch as it was and shows why when the server refuses', async () => {
    renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1/sharing': errorJson(404, 'Reel not found.', 'NOT_FOUND'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reel not found.');
    expect(screen.getByRole('switch')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Share link' })).toBeInTheDocument();
  });

  it('reorders by keyboard with Space as well as Enter; the first clip cannot go up nor the last down', async () => {
    const net = renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1': (call: { body: unknown }) => json({ ...reel, chunks: (call.body as UpdateReelBody).chunks.map((c) => chunkFixture(c)) }),
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Clips in this reel' });
    expect(within(list).getByRole('button', { name: 'Move clip 1 up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move clip 3 down' })).toBeDisabled();
    within(list).getByRole('button', { name: 'Move clip 1 down' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('Clip 1 moved to position 2 of 3')).toBeInTheDocument();
    within(list).getByRole('button', { name: 'Move clip 2 down' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Clip 2 moved to position 3 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect((net.call('PUT', '/api/user/reels/r1')!.body as UpdateReelBody).chunks.map((c) => c.clip)).toEqual(['b', 'c', 'a']);
  });

  it('reorders by dragging a clip onto another, announcing the move', async () => {
    const net = renderEditor({
      'GET /api/user/reels/r1/export': { status: 'none', progress: 0, url: null, failureReason: null },
      'PUT /api/user/reels/r1': (call: { body: unknown }) => json({ ...reel, chunks: (call.body as UpdateReelBody).chunks.map((c) => chunkFixture(c)) }),
    });
    const list = await screen.findByRole('list', { name: 'Clips in this reel' });
    const item = (name: string) => within(list).getByRole('listitem', { name });
    const third = item('Clip 3');
    expect(third).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(third);
    expect(third).toHaveAttribute('data-dragging', 'true');
    // Dropping is allowed over another clip (dragover's default is prevented).
    expect(fireEvent.dragOver(item('Clip 1'))).toBe(false);
    fireEvent.drop(item('Clip 1'));
    fireEvent.dragEnd(third);
    expect(screen.getByText('Clip 3 moved to position 1 of 3')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-dragging'))).toEqual(['false', 'false', 'false']);

    // Dropped onto itself, nothing moves.
    fireEvent.dragStart(item('Clip 2'));
    fireEvent.drop(item('Clip 2'));
    fireEvent.dragEnd(item('Clip 2'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect((net.call('PUT', '/api/user/reels/r1')!.body as UpdateReelBody).chunks.map((c) => c.clip)).toEqual(['c', 'a', 'b']);
  });

  it('Download MP4 starts the export, shows its progress while polling, then the download link', async () => {
    const answers: ReelExport[] = [
      { status: 'running', progress: 40, url: null, failureReason: null },
      { status: 'ready', progress: 100, url: '/storage/exports/r1.mp4?sig=z', failureReason: null },
    ];
    const net = renderEditor({
      'GET /api/user/reels/r1/export': () => json(answers.shift() ?? { status: 'ready', progress: 100, url: '/storage/exports/r1.mp4?sig=z', failureReason: null }),
      'POST /api/user/reels/r1/export': json({ status: 'queued', progress: 0, url: null, failureReason: null }, 202),
    } as never);
    answers.unshift({ status: 'none', progress: 0, url: null, failureReason: null });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download MP4' }));
    expect(await screen.findByText(/Preparing the MP4/)).toBeInTheDocument();
    expect(await screen.findByText('Preparing the MP4... 40%')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download MP4' }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', '/storage/exports/r1.mp4?sig=z');
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
