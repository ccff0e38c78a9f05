import type { Drawing } from '@app/contracts/film';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { videoFixture } from '@/test/video-fixture';

const key = '11111111-1111-4111-8111-111111111111';
const path = `/api/user/videos/${key}`;
const me = { userId: 7, userUuid: 'uuid-7', username: 'coach' };
const team = { owner: 'coach', channel: 'main', description: 'Hawks', members: {} };

const drawingAt = (at: number, by = 'coach'): Drawing => ({
  _id: `d-${at}`,
  at,
  holdSeconds: 3,
  shapes: [{ type: 'arrow', points: [[0.1, 0.1], [0.5, 0.5]], color: '#ffd60a', width: 0.006 }],
  by,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** jsdom has no PointerEvent: a MouseEvent with a pointer's fields, as React reads them. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: MouseEventInit & { pointerId?: number; pointerType?: string }) {
    super(type, { bubbles: true, cancelable: true, ...init });
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

/** A stroke on the drawing area from one element point to another (px of the 800x600 player, whose frame is 800x450 at y 75). */
function stroke(from: [number, number], to: [number, number], pointerType = 'mouse') {
  const area = screen.getByLabelText('Drawing area');
  const send = (type: string, [x, y]: [number, number]) =>
    act(() => void area.dispatchEvent(new TestPointerEvent(type, { clientX: x, clientY: y, pointerType })));
  send('pointerdown', from);
  send('pointermove', [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]);
  send('pointermove', to);
  send('pointerup', to);
}

function renderVideo(routes: Parameters<typeof mockFetch>[0]) {
  const net = mockFetch({ [`GET ${path}`]: videoFixture(), 'GET /api/user/me': me, 'GET /api/user/team': team, [`GET ${path}/messages`]: [], ...routes });
  renderApp(`/team/videos/${key}`, {
    routes: [{ path: '/team/videos/:key', lazy: () => import('@/app/routes/video-route'), hydrateFallbackElement: <p>Loading</p> }],
    session: signedInSession,
    level: 'team',
  });
  return net;
}

const video = () => screen.getByRole('region', { name: /video player/i }).querySelector('video')!;

/** The playhead moved to `t` (jsdom fires no media events): the frame there shows, paused. */
function seekTo(t: number) {
  act(() => {
    video().currentTime = t;
    video().dispatchEvent(new Event('seeked'));
  });
}

describe('drawing on a video', () => {
  beforeEach(() => {
    // jsdom has no media playback and no layout: an 800x600 player showing a 1280x720 picture (letterboxed).
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
  });

  it('draws an arrow on the paused frame and saves it at that time with the default hold', async () => {
    const saved: Drawing[] = [];
    const net = renderVideo({
      [`GET ${path}/drawings`]: () => json({ items: saved }),
      [`POST ${path}/drawings`]: (call) => {
        saved.push({ ...drawingAt(12.5), ...(call.body as object) });
        return json(saved[0], 201);
      },
    });
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    const user = userEvent.setup();
    // Before the first play or seek the player shows the poster: nothing to draw on yet.
    await screen.findByText(/No drawings yet/);
    await act(async () => void (await import('@/features/drawings/components/video-drawing-overlay')));
    expect(screen.queryByRole('button', { name: 'Draw' })).not.toBeInTheDocument();
    seekTo(12.5);
    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    expect(screen.getByRole('toolbar', { name: 'Drawing tools' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arrow' })).toHaveAttribute('aria-pressed', 'true');

    // From a quarter to three quarters of the frame (its top is 75 px down the player).
    stroke([200, 187.5], [600, 412.5]);
    const editor = screen.getByLabelText('Drawing area');
    expect(editor.querySelectorAll('[data-shape="arrow"]')).toHaveLength(1);
    expect(screen.getByLabelText('Pause on it for')).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(net.call('POST', `${path}/drawings`)?.body).toEqual({
        at: 12.5,
        holdSeconds: 3,
        shapes: [{ type: 'arrow', points: [[0.25, 0.25], [0.75, 0.75]], color: '#ffd60a', width: 0.006 }],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Drawing at 0:12.5 by coach' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Drawing tools' })).not.toBeInTheDocument();
  });

  it('undoes and redoes shapes by the buttons and Ctrl+Z / Shift+Ctrl+Z, and Cancel saves nothing', async () => {
    const net = renderVideo({ [`GET ${path}/drawings`]: { items: [] } });
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    const user = userEvent.setup();
    seekTo(3);
    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    await user.click(screen.getByRole('button', { name: 'Rectangle' }));
    stroke([100, 100], [300, 300], 'pen');
    await user.click(screen.getByRole('button', { name: 'Ellipse' }));
    stroke([400, 200], [500, 400], 'touch');
    const shapes = () => screen.getByLabelText('Drawing area').querySelectorAll('[data-shape]').length;
    expect(shapes()).toBe(2);

    await user.keyboard('{Control>}z{/Control}');
    expect(shapes()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shapes()).toBe(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(shapes()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(shapes()).toBe(2);
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Drawing area')).not.toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('puts a typed text on the frame as a text shape', async () => {
    const net = renderVideo({
      [`GET ${path}/drawings`]: { items: [] },
      [`POST ${path}/drawings`]: (call) => json({ ...drawingAt(0), ...(call.body as object) }, 201),
    });
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    const user = userEvent.setup();
    seekTo(0);
    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    await user.click(screen.getByRole('button', { name: 'Text' }));
    const area = screen.getByLabelText('Drawing area');
    act(() => void area.dispatchEvent(new TestPointerEvent('pointerdown', { clientX: 400, clientY: 300 })));
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'Close down{Enter}');
    expect(area.querySelector('[data-shape="text"]')).toHaveTextContent('Close down');
    await user.selectOptions(screen.getByLabelText('Pause on it for'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(net.call('POST', `${path}/drawings`)?.body).toMatchObject({ holdSeconds: 5, shapes: [{ type: 'text', points: [[0.5, 0.5]], text: 'Close down' }] }),
    );
  });

  it('shows a drawing on its paused frame, and hides them all once "Show drawings" is off (remembered)', async () => {
    renderVideo({ [`GET ${path}/drawings`]: { items: [drawingAt(20)] } });
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    await screen.findByRole('button', { name: 'Drawing at 0:20.0 by coach' });
    const player = screen.getByRole('region', { name: /video player/i });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Drawing at 0:20.0 by coach' }));
    act(() => void video().dispatchEvent(new Event('seeked')));
    // Shown paused on its frame: the list moved the player there.
    expect(video().currentTime).toBe(20);
    expect(within(player).getByRole('img', { name: 'Drawing with 1 shape' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show drawings' }));
    expect(within(player).queryByRole('img', { name: 'Drawing with 1 shape' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('teamfilm.show-drawings')).toBe('false');
  });

  it("edits a drawing from the list with its shapes, and shows the server's refusal of a delete", async () => {
    const refusal = 'Only its maker or the team owner may change this drawing.';
    const net = renderVideo({
      [`GET ${path}/drawings`]: { items: [drawingAt(30), drawingAt(40, 'ann')] },
      'PUT /api/user/drawings/d-30': (call) => json({ ...drawingAt(30), ...(call.body as object) }),
      'DELETE /api/user/drawings/d-30': errorJson(403, refusal, 'FORBIDDEN'),
    });
    await screen.findByRole('heading', { name: 'Hawks vs Owls' });
    const user = userEvent.setup();
    // The team's owner (me) may change anyone's: both have Edit.
    await user.click(await screen.findByRole('button', { name: 'Edit drawing at 0:30.0' }));
    expect(screen.getByRole('button', { name: 'Edit drawing at 0:40.0' })).toBeInTheDocument();
    const area = await screen.findByLabelText('Drawing area');
    expect(area.querySelectorAll('[data-shape="arrow"]')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Line' }));
    stroke([100, 300], [700, 300]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((net.call('PUT', '/api/user/drawings/d-30')?.body as { at: number; shapes: unknown[] }).shapes).toHaveLength(2));
    expect(net.call('PUT', '/api/user/drawings/d-30')?.body).toMatchObject({ at: 30 });

    await user.click(await screen.findByRole('button', { name: 'Delete drawing at 0:30.0' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete this drawing at 0:30.0?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
