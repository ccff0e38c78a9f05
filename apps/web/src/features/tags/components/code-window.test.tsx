import type { TagList } from '@app/contracts/film';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { tagsKey, type TagTarget } from '@/features/tags/api/get-tags';
import { CodeWindow } from '@/features/tags/components/code-window';
import type { TagClock } from '@/features/tags/hooks/use-tagging';
import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { codeWindowFixture, janeMe, tagFixture } from '@/test/tags-fixture';

const videoKey = '11111111-1111-4111-8111-111111111111';
const video: TagTarget = { kind: 'video', key: videoKey };
const live: TagTarget = { kind: 'live', key: 'evt-live-000000000001' };
const tagsPath = `/api/user/videos/${videoKey}/tags`;

/** The player as the code window sees it: a play position the test sets. */
function clockAt(position: { t: number }, { edge = false, duration = 95 as number | null } = {}): TagClock {
  return { pressAt: () => (edge ? null : position.t), now: () => position.t, duration: () => duration, playFrom: () => undefined };
}

/** An answer the test sends when it wants, to look at the page before it. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

function renderWindow(target: TagTarget, clock: TagClock, routes: Record<string, object | ((call: FetchCall) => Response | Promise<Response>)> = {}) {
  const net = mockFetch({
    'GET /api/team/codes': codeWindowFixture(),
    'GET /api/user/me': janeMe,
    [`GET ${target.kind === 'video' ? tagsPath : `/api/live/${target.key}/tags`}`]: { items: [] },
    ...routes,
  });
  const view = renderApp('/v', { routes: [{ path: '/v', element: <CodeWindow target={target} clock={clock} /> }], session: signedInSession, level: 'team' });
  const items = () => view.queryClient.getQueryData<TagList>(tagsKey(1, target))?.items ?? [];
  return { net, items, ...view };
}

describe('the code window', () => {
  it('shows each code with its colour and, on a laptop, its hotkey; phones get 44 px targets', async () => {
    renderWindow(video, clockAt({ t: 0 }));
    const shot = await screen.findByRole('button', { name: 'Shot' });
    expect(shot).toHaveStyle({ backgroundColor: '#ef4444' });
    expect(shot).toHaveAttribute('aria-keyshortcuts', 's');
    expect(shot.className).toContain('min-h-11');
    expect(within(shot).getByText('s')).toHaveClass('hidden', 'lg:inline');
    expect(screen.getByRole('link', { name: 'Edit codes' })).toHaveAttribute('href', '/team/codes');
  });

  it('shows a press at once as [t - lead, t + lag] and swaps in the saved instance', async () => {
    const answer = deferred();
    const position = { t: 20 };
    const { net, items } = renderWindow(video, clockAt(position), { [`POST ${tagsPath}`]: () => answer.promise });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shot' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toMatchObject({ code: 'Shot', start: 15, end: 23, by: 'jane' });
    expect(items()[0]!._id).toMatch(/^pending-/);
    expect(net.call('POST', tagsPath)?.body).toEqual({ code: 'Shot', at: 20 });
    answer.release(json(tagFixture({ _id: 't1', start: 15, end: 23 }), 201));
    await waitFor(() => expect(items()).toEqual([tagFixture({ _id: 't1', start: 15, end: 23 })]));
  });

  it('extends my running instance when the same code is pressed again, and the 200 confirms it', async () => {
    const position = { t: 20 };
    const second = deferred();
    let answers = 0;
    const post = () => (++answers === 1 ? json(tagFixture({ start: 15, end: 23 }), 201) : second.promise);
    const { net, items } = renderWindow(video, clockAt(position), { [`POST ${tagsPath}`]: post });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Shot' }));
    await waitFor(() => expect(items()).toEqual([tagFixture({ start: 15, end: 23 })]));
    position.t = 22;
    await user.click(screen.getByRole('button', { name: 'Shot' }));
    // At once, before the answer: still one instance, longer.
    await waitFor(() => expect(items()).toEqual([tagFixture({ start: 15, end: 25 })]));
    expect(net.calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ code: 'Shot', at: 22 });
    second.release(json(tagFixture({ start: 15, end: 25.5 }), 200));
    await waitFor(() => expect(items()).toEqual([tagFixture({ start: 15, end: 25.5 })]));
  });

  it('takes a refused press back and says why', async () => {
    const { items } = renderWindow(video, clockAt({ t: 20 }), { [`POST ${tagsPath}`]: errorJson(404, 'This video does not exist, or it is not shared with you.', 'NOT_FOUND') });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shot' }));
    expect(await screen.findByText('Your tag was not saved: This video does not exist, or it is not shared with you.')).toBeInTheDocument();
    expect(items()).toEqual([]);
  });

  it('presses a button by its hotkey, but not while typing in a field, and leaves the player its keys', async () => {
    const { net } = renderWindow(video, clockAt({ t: 30 }), { [`POST ${tagsPath}`]: (call: FetchCall) => json(tagFixture({ code: (call.body as { code: string }).code }), 201) });
    await screen.findByRole('button', { name: 'Shot' });
    const user = userEvent.setup();
    await user.keyboard('f');
    await user.keyboard('2');
    await waitFor(() => expect(net.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: 'Foul', at: 30 }]));
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    await user.keyboard('s');
    field.remove();
    await user.keyboard('S');
    await waitFor(() => expect(net.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { code: string }).code)).toEqual(['Foul', 'Shot']));
  });

  it('offers the code\u2019s labels and the players after a press; a tap or the digit adds one to the saved instance', async () => {
    const answer = deferred();
    const { net, items } = renderWindow(video, clockAt({ t: 20 }), {
      [`POST ${tagsPath}`]: () => answer.promise,
      'PUT /api/user/tags/t1': (call: FetchCall) => json(tagFixture({ labels: (call.body as { labels: string[] }).labels })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Shot' }));
    const chips = screen.getByRole('group', { name: 'Labels for Shot' });
    expect(within(chips).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(['Left1', 'Right3', 'jane4', 'ann5']);
    expect(within(chips).getByText('Player')).toBeInTheDocument();
    // Tapped before the press is saved: shown at once, sent once the instance has its id.
    await user.click(within(chips).getByRole('button', { name: /Left/ }));
    expect(within(chips).getByRole('button', { name: /Left/ })).toHaveAttribute('aria-pressed', 'true');
    expect(net.call('PUT', '/api/user/tags/t1')).toBeUndefined();
    answer.release(json(tagFixture(), 201));
    await waitFor(() => expect(net.call('PUT', '/api/user/tags/t1')?.body).toEqual({ labels: ['Left'] }));
    await waitFor(() => expect(items()).toEqual([tagFixture({ labels: ['Left'] })]));
    // A digit adds the chip it names (4: jane; 2 stays Foul's hotkey).
    await user.keyboard('4');
    await waitFor(() => expect(net.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ labels: ['Left', 'jane'] }));
    await user.click(within(chips).getByRole('button', { name: 'Hide the labels' }));
    expect(screen.queryByRole('group', { name: 'Labels for Shot' })).not.toBeInTheDocument();
  });

  it('tags a live game at the server\u2019s live edge, shown at the player\u2019s live-edge time', async () => {
    const answer = deferred();
    const { net, items } = renderWindow(live, clockAt({ t: 600 }, { edge: true, duration: null }), { [`POST /api/live/${live.key}/tags`]: () => answer.promise });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shot' }));
    await waitFor(() => expect(items()[0]).toMatchObject({ start: 595, end: 603 }));
    expect(net.call('POST', `/api/live/${live.key}/tags`)?.body).toEqual({ code: 'Shot' });
    answer.release(json(tagFixture({ start: 596, end: 604 }), 201));
    await waitFor(() => expect(items()).toEqual([tagFixture({ start: 596, end: 604 })]));
  });

  it('says when the team has no codes, and when they could not be loaded', async () => {
    const first = renderWindow(video, clockAt({ t: 0 }), { 'GET /api/team/codes': codeWindowFixture({ buttons: [], canEdit: false }) });
    expect(await screen.findByText('Your team has no codes yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View codes' })).toBeInTheDocument();
    first.unmount();
    renderWindow(video, clockAt({ t: 0 }), { 'GET /api/team/codes': errorJson(500, 'The database is not reachable. Try again in a moment.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable. Try again in a moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
