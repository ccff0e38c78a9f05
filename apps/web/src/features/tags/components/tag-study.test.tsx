import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { clip, createReelResponse, reel } from '@app/contracts/clips';

import type { ReelMaker } from '@/features/tags/api/save-tags-as-reel';
import { NOT_A_TAG_FILE, TAG_FILE_TOO_BIG } from '@/features/tags/api/tag-files';
import { TagStudy } from '@/features/tags/components/tag-study';
import type { TagClock } from '@/features/tags/hooks/use-tagging';
import { clipFixture } from '@/test/clip-fixture';
import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import { codeWindowFixture, janeMe, tagFixture } from '@/test/tags-fixture';

/** The calls the app hands in (the videos and reels features' own), as plain requests. */
const reelMaker: ReelMaker = {
  createClip: (api, videoKey, body) => api.request(`/api/user/videos/${videoKey}/clips`, { method: 'POST', body: { key: videoKey, ...body }, schema: clip }),
  createReel: async (api, streamId, clipIds) => (await api.request(`/api/user/reels/${streamId}`, { method: 'POST', body: { clips: clipIds }, schema: createReelResponse })).reelId,
  updateReel: (api, reelId, body) => api.request(`/api/user/reels/${reelId}`, { method: 'PUT', body, schema: reel }),
};

const videoKey = '11111111-1111-4111-8111-111111111111';
const tagsPath = `/api/user/videos/${videoKey}/tags`;
const source = `/storage/${videoKey}/full.mp4?sig=a`;
const instances = [
  tagFixture({ _id: 't1', code: 'Shot', start: 10, end: 20, labels: ['Left', 'jane'] }),
  tagFixture({ _id: 't2', code: 'Foul', start: 30, end: 35, labels: ['Left'], by: 'ann' }),
  tagFixture({ _id: 't3', code: 'Shot', start: 50, end: 58, labels: ['Right'] }),
  tagFixture({ _id: 't4', code: 'Goal', start: 70, end: 80, labels: [] }),
];

function fakeClock() {
  return { pressAt: () => 0, now: () => 47.5, duration: () => 100, playFrom: vi.fn<(t: number) => void>(), pause: vi.fn<() => void>() } satisfies TagClock;
}

function renderStudy(path = '/v', routes: Record<string, object | ((call: FetchCall) => Response | Promise<Response>)> = {}) {
  const clock = fakeClock();
  const net = mockFetch({ 'GET /api/team/codes': codeWindowFixture(), 'GET /api/user/me': janeMe, [`GET ${tagsPath}`]: { items: instances }, ...routes });
  const view = renderApp(path, {
    routes: [
      {
        path: '/v',
        element: (
          <>
            <TagStudy videoKey={videoKey} title="Hawks vs Owls" duration={100} source={source} clock={clock} reelsPath="/library/reels" reelMaker={reelMaker} />
            <LocationProbe />
          </>
        ),
      },
    ],
    session: signedInSession,
    level: 'team',
  });
  return { clock, net, ...view };
}

const row = (code: string) => screen.getByRole('list', { name: `${code} instances` });
const bars = (code: string) => within(row(code)).queryAllByRole('button');

describe('the tags under the player', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('lays every instance out on a row per code, over the video, with the playhead; a bar plays from its start', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 24));
    const { clock } = renderStudy();
    await screen.findByRole('group', { name: 'Timeline' });
    expect(bars('Shot')).toHaveLength(2);
    expect(bars('Foul')).toHaveLength(1);
    expect(bars('Goal')).toHaveLength(1);
    expect(within(row('Shot')).getAllByRole('listitem')).toHaveLength(2);
    const first = within(row('Shot')).getByRole('button', { name: 'Shot · Left, jane, 0:10 to 0:20, by jane' });
    expect(first).toHaveAttribute('x', '10%');
    expect(first).toHaveAttribute('width', '10%');
    expect(first).toHaveAttribute('fill', '#ef4444');
    expect(first).not.toHaveAttribute('data-pending');
    // 47.5 s of 100 on rows 1000 px wide.
    await waitFor(() => expect(screen.getByTestId('playhead').style.transform).toBe('translate3d(475px, 0px, 0px)'));
    const user = userEvent.setup();
    await user.click(first);
    expect(clock.playFrom).toHaveBeenCalledWith(10);
    // The keyboard: a row is one tab stop (its first bar), the arrows move along its bars, Enter plays.
    const second = within(row('Shot')).getByRole('button', { name: 'Shot · Right, 0:50 to 0:58, by jane' });
    expect([first.getAttribute('tabindex'), second.getAttribute('tabindex')]).toEqual(['0', '-1']);
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(clock.playFrom).toHaveBeenLastCalledWith(50);
  });

  it('trims my instance by dragging an edge (shown at once, saved on release); a teammate\u2019s has no edges', async () => {
    // jsdom has no PointerEvent: a mouse event with a pointer id stands in for it.
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
    const put = vi.fn((call: FetchCall) => json(tagFixture({ _id: 't1', code: 'Shot', labels: ['Left', 'jane'], start: 10, end: (call.body as { end: number }).end })));
    const { net } = renderStudy('/v', { 'PUT /api/user/tags/t1': put });
    await screen.findByRole('group', { name: 'Timeline' });
    // One set of edges, on the bar under the pointer, and only on one of mine.
    expect(document.querySelectorAll('[data-edge]')).toHaveLength(0);
    fireEvent.pointerOver(within(row('Foul')).getByRole('button'));
    expect(document.querySelectorAll('[data-edge]')).toHaveLength(0);
    const bar = within(row('Shot')).getAllByRole('button')[0]!;
    fireEvent.pointerOver(bar);
    expect(document.querySelectorAll('[data-edge]')).toHaveLength(2);
    vi.spyOn(row('Shot'), 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 24));
    const edge = document.querySelector<HTMLElement>('[data-edge="end"]')!;
    fireEvent.pointerDown(edge, { clientX: 200, pointerId: 1 });
    fireEvent.pointerMove(edge, { clientX: 250, pointerId: 1 });
    expect(screen.getByTestId('trim')).toHaveStyle({ left: '10%', width: '15%' });
    fireEvent.pointerUp(edge, { clientX: 250, pointerId: 1 });
    await waitFor(() => expect(net.call('PUT', '/api/user/tags/t1')?.body).toEqual({ start: 10, end: 25 }));
    await waitFor(() => expect(within(row('Shot')).getAllByRole('button')[0]).toHaveAttribute('width', '15%'));
    // The edges follow the focus too.
    fireEvent.pointerLeave(bar.closest('svg')!.parentElement!);
    expect(document.querySelectorAll('[data-edge]')).toHaveLength(0);
    fireEvent.focus(within(row('Shot')).getAllByRole('button')[1]!);
    expect(screen.getByTestId('trim')).toHaveStyle({ left: '50%' });
    expect(parseFloat(screen.getByTestId('trim').style.width)).toBeCloseTo(8);
  });

  it('opens a link\u2019s filter and keeps changes in the address', async () => {
    const { router } = renderStudy('/v?code=Shot&label=Left&label=Right&match=any');
    await screen.findByRole('group', { name: 'Timeline' });
    expect(screen.getByRole('heading', { name: /Tags/ })).toHaveTextContent('2 of 4');
    expect(screen.queryByRole('list', { name: 'Foul instances' })).not.toBeInTheDocument();
    expect(bars('Shot')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'All labels (AND)' }));
    expect(router.state.location.search).toBe('?code=Shot&label=Left&label=Right');
    expect(await screen.findByText('No instance matches this filter.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Labels' })).getByRole('button', { name: 'Right' }));
    expect(router.state.location.search).toBe('?code=Shot&label=Left');
    expect(bars('Shot')).toHaveLength(1);
    await user.click(within(screen.getByRole('group', { name: 'Codes' })).getByRole('button', { name: 'Foul' }));
    expect(router.state.location.search).toBe('?code=Shot&code=Foul&label=Left');
    expect(screen.getByRole('heading', { name: /Tags/ })).toHaveTextContent('2 of 4');
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(router.state.location.search).toBe('');
  });

  it('counts codes by label in a matrix; a cell filters to its code and label', async () => {
    const { router } = renderStudy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Matrix' }));
    const table = screen.getByRole('table', { name: 'Instances by code and label' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'All', 'Left', 'Right', 'jane']);
    expect(within(table).getByRole('button', { name: 'Shot: 2' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Shot with Left: 1' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Foul with Left: 1' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Goal with Left: 0' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Left: 2' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'All instances: 4' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Shot with Left: 1' }));
    expect(router.state.location.search).toBe('?code=Shot&label=Left');
    expect(within(table).getByRole('button', { name: 'Shot with Left: 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: /Tags/ })).toHaveTextContent('1 of 4');
  });

  it('lists the filtered instances; mine can be deleted', async () => {
    const { net } = renderStudy('/v?label=Left', { 'DELETE /api/user/tags/t1': new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'List' }));
    const list = screen.getByRole('list', { name: 'Instances' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Shot0:10–0:20'), expect.stringContaining('Foul0:30–0:35')]);
    expect(within(list).queryByRole('button', { name: 'Delete Foul at 0:30' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Delete Shot at 0:10' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(net.call('DELETE', '/api/user/tags/t1')).toBeDefined();
  });

  it('plays the filtered instances back to back as ranges of the video', async () => {
    const { clock } = renderStudy('/v?code=Shot');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Play all' }));
    expect(clock.pause).toHaveBeenCalled();
    const player = screen.getByRole('region', { name: 'Reel player: Hawks vs Owls: tagged instances' });
    expect(within(player).getByText('1 / 2')).toBeInTheDocument();
    expect(within(player).getByRole('button', { name: /1\. Shot · Left, jane · 0:10/ })).toBeInTheDocument();
    expect(within(player).getByRole('button', { name: /2\. Shot · Right · 0:50/ })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Reel player/ })).not.toBeInTheDocument();
  });

  it('saves the filtered instances as a reel: a clip each, then the reel titled and named after them', async () => {
    let made = 0;
    const { net } = renderStudy('/v?code=Shot', {
      [`POST /api/user/videos/${videoKey}/clips`]: (call: FetchCall) => {
        made += 1;
        const { timestamp, duration } = call.body as { timestamp: number; duration: number };
        return json(clipFixture({ _id: `c${made}`, clip_id: timestamp * 1000, start: timestamp, duration }), 201);
      },
      [`POST /api/user/reels/${videoKey}`]: json({ reelId: 'r1' }, 201),
      'PUT /api/user/reels/r1': json({ reelId: 'r1', title: 'x', shared: false, timestamp: 1, chunks: [], mediaExpiresAt: '2999-01-01T00:00:00.000Z' }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save as reel' }));
    expect(await screen.findByRole('link', { name: 'Open the reel' })).toHaveAttribute('href', '/library/reels/r1');
    const clips = net.calls.filter((c) => c.path === `/api/user/videos/${videoKey}/clips`).map((c) => c.body);
    expect(clips).toEqual(expect.arrayContaining([{ key: videoKey, timestamp: 10, duration: 10 }, { key: videoKey, timestamp: 50, duration: 8 }]));
    expect(clips).toHaveLength(2);
    // In the instances' order whichever clip was made first.
    const reelClips = (net.call('POST', `/api/user/reels/${videoKey}`)?.body as { clips: number[] }).clips;
    expect(reelClips).toEqual([10_000, 50_000]);
    const put = net.call('PUT', '/api/user/reels/r1')?.body as { title: string; chunks: { description: string }[] };
    expect(put.title).toBe('Hawks vs Owls · Shot');
    expect(put.chunks.map((c) => c.description)).toEqual(['Shot · Left, jane', 'Shot · Right']);
  });

  it('says why a reel was not saved', async () => {
    renderStudy('/v?code=Goal', { [`POST /api/user/videos/${videoKey}/clips`]: errorJson(409, 'The video is still being processed. Clip it once it is ready.', 'CONFLICT') });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save as reel' }));
    expect(await screen.findByText('The reel was not saved: The video is still being processed. Clip it once it is ready.')).toBeInTheDocument();
  });

  it('imports a file with its own type and says what it made, or the server\u2019s reason', async () => {
    let answer: Response = json({ imported: 12, newCodes: ['Rebound'] });
    const { net } = renderStudy('/v', { [`POST ${tagsPath}/import`]: () => answer });
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Tag file to import');
    await user.upload(picker, new File(['<file></file>'], 'game.xml', { type: '' }));
    expect(await screen.findByText('Imported 12 instances. New codes: Rebound.')).toBeInTheDocument();
    expect(net.call('POST', `${tagsPath}/import`)?.headers.get('content-type')).toBe('application/xml');
    answer = errorJson(400, 'Line 3: the start is not a number of seconds.');
    await user.upload(picker, new File(['code,start,end,labels'], 'game.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file was not imported: Line 3: the start is not a number of seconds.')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path === `${tagsPath}/import`)[1]!.headers.get('content-type')).toBe('text/csv');
    // Neither a file of another kind (picked with "All files") nor one over the limit is sent.
    await userEvent.setup({ applyAccept: false }).upload(picker, new File(['{}'], 'game.json', { type: 'application/json' }));
    expect(await screen.findByText(`The file was not imported: ${NOT_A_TAG_FILE}`)).toBeInTheDocument();
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(picker, big);
    expect(await screen.findByText(`The file was not imported: ${TAG_FILE_TOO_BIG}`)).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path === `${tagsPath}/import`)).toHaveLength(2);
  });

  it('downloads the export in the chosen format', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:tags'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { net } = renderStudy('/v', { [`GET ${tagsPath}/export`]: new Response('code,start,end,labels\n', { headers: { 'content-type': 'text/csv' } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(net.call('GET', `${tagsPath}/export`)?.url.searchParams.get('format')).toBe('csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Hawks-vs-Owls.csv');
    expect(new TextDecoder().decode(await created[0]!.arrayBuffer())).toBe('code,start,end,labels\n');
  });

  it('says when the video has no tags yet', async () => {
    renderStudy('/v', { [`GET ${tagsPath}`]: { items: [] } });
    expect(await screen.findByText('No tags yet. Press a code in the code window while the video plays.')).toBeInTheDocument();
  });
});
