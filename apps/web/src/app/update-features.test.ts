import type { BoardItem, BoardPage, BoardReply, BoardThread, Notification, NotificationPage } from '@app/contracts/talk';
import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { updateFeatures } from '@/app/update-features';
import { queryKeys } from '@/lib/query-keys';
import { parseUpdate, type Update } from '@/lib/updates/parse-update';
import { dispatchUpdate } from '@/lib/updates/update-handlers';
import { tagFixture } from '@/test/tags-fixture';

const me = 7;
const team = { owner: 'coach', channel: 'main' };

function item(id: string, timestamp: number, channel = team): BoardItem {
  return { _id: id, subject: '', publisher: 'coach', content: id, timestamp, type: null, action: null, recipients: [], channel, preview: null, replies: 0 };
}
function reply(id: string): BoardReply {
  return { _id: id, publisher: 'ann', name: 'Ann', image: null, content: id, timestamp: '2026-01-01T00:00:00.000Z' };
}
function note(id: string, read = false): Notification {
  return { _id: id, type: 'link', message: id, action: '/team/messages/m1', publisher: 'coach', timestamp: 1, read };
}
const paged = <T,>(...pages: T[][]) => ({ pages: pages.map((items) => ({ items, next: null })), pageParams: pages.map(() => undefined) });

let client: QueryClient;
const list = () => client.getQueryData<InfiniteData<BoardPage>>(queryKeys.talk.boardList(me))!.pages.map((p) => p.items.map((i) => i._id));
const recent = () => client.getQueryData<BoardPage>(queryKeys.talk.boardRecent(me, 3))!.items.map((i) => i._id);
const apply = (update: Update) => dispatchUpdate(updateFeatures, client, me, update);

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData(queryKeys.team(me), { ...team, description: 'Team', members: {} });
  client.setQueryData(queryKeys.talk.boardList(me), paged([item('b', 2), item('a', 1)], [item('z', 0)]));
  client.setQueryData(queryKeys.talk.boardRecent(me, 3), { items: [item('b', 2), item('a', 1), item('z', 0)], next: 0 });
});

describe('the features’ update handlers', () => {
  it("prepends the active team's new board message to every board list, keeping the dashboard's size", () => {
    apply({ name: 'board', data: { _id: 'c', item: item('c', 3) } });
    expect(list()).toEqual([['c', 'b', 'a'], ['z']]);
    expect(recent()).toEqual(['c', 'b', 'a']);
  });

  it('shows a message once when its event follows the poster’s own insert, in the server’s version', () => {
    apply({ name: 'board', data: { _id: 'c', item: item('c', 3) } });
    apply({ name: 'board', data: { _id: 'c', item: { ...item('c', 4), content: 'server' } } });
    expect(list()).toEqual([['c', 'b', 'a'], ['z']]);
    expect(client.getQueryData<InfiniteData<BoardPage>>(queryKeys.talk.boardList(me))!.pages[0]!.items[0]!.content).toBe('server');
  });

  it("leaves another team's messages out", () => {
    apply({ name: 'board', data: { _id: 'c', item: item('c', 3, { owner: 'other', channel: 'main' }) } });
    expect(list()).toEqual([['b', 'a'], ['z']]);
  });

  it('adds a reply to its open thread and counts it on the message once', () => {
    client.setQueryData<BoardThread>(queryKeys.talk.thread(me, 'a'), { board: item('a', 1), messages: [reply('r1')] });
    const update: Update = { name: 'reply', data: { _id: 'r2', board: 'a', item: reply('r2') } };
    apply(update);
    apply(update);
    const thread = client.getQueryData<BoardThread>(queryKeys.talk.thread(me, 'a'))!;
    expect(thread.messages.map((m) => m._id)).toEqual(['r2', 'r1']);
    expect(thread.board.replies).toBe(1);
    expect(client.getQueryData<BoardPage>(queryKeys.talk.boardRecent(me, 3))!.items[1]!.replies).toBe(1);
  });

  it('removes a deleted message everywhere and a deleted reply from its thread and count', () => {
    client.setQueryData<BoardThread>(queryKeys.talk.thread(me, 'a'), { board: { ...item('a', 1), replies: 1 }, messages: [reply('r1')] });
    apply({ name: 'delete', data: { _id: 'r1', kind: 'reply', board: 'a' } });
    expect(client.getQueryData<BoardThread>(queryKeys.talk.thread(me, 'a'))).toMatchObject({ board: { replies: 0 }, messages: [] });
    apply({ name: 'delete', data: { _id: 'b', kind: 'board' } });
    expect(list()).toEqual([['a'], ['z']]);
    expect(recent()).toEqual(['a', 'z']);
  });

  it('prepends a notification to the panel and sets the count the server gives', () => {
    client.setQueryData(queryKeys.talk.notifications(me), paged<Notification>([note('n1')]));
    apply({ name: 'notification', data: { _id: 'n2', item: note('n2') } });
    apply({ name: 'notification', data: { _id: 'n2', item: note('n2') } });
    apply({ name: 'unread', data: { unread: 2 } });
    const data = client.getQueryData<InfiniteData<NotificationPage>>(queryKeys.talk.notifications(me))!;
    expect(data.pages[0]!.items.map((n) => n._id)).toEqual(['n2', 'n1']);
    expect(data.pages[0]!.unread).toBe(2);
  });

  it('reloads the clip’s comments on a comment, and every talk list on resync', () => {
    const comments = queryKeys.clipComments(me, 'coach', 'main', 'clip1');
    client.setQueryData(comments, []);
    apply({ name: 'comment', data: { _id: 'c1', clip: 'clip1', channel: team } });
    expect(client.getQueryState(comments)!.isInvalidated).toBe(true);
    apply({ name: 'resync', data: {} });
    expect(client.getQueryState(queryKeys.talk.boardList(me))!.isInvalidated).toBe(true);
  });

  it("replaces a live game's item as it ends, and reloads its schedule item and its live status", () => {
    const live = { ...item('g', 5), type: 'live' as const, action: 'k1', content: 'Live now: Hawks' };
    client.setQueryData(queryKeys.talk.activityRecent(me, 3), { items: [live], next: null });
    client.setQueryData(queryKeys.schedule.list(me, 'upcoming'), []);
    client.setQueryData(queryKeys.live.event(me, 'k1'), 'live');
    apply({ name: 'activity', data: { _id: 'g', item: { ...live, content: 'Final: Hawks', ended: true } } });
    expect(client.getQueryData<BoardPage>(queryKeys.talk.activityRecent(me, 3))!.items).toEqual([{ ...live, content: 'Final: Hawks', ended: true }]);
    expect(client.getQueryState(queryKeys.schedule.list(me, 'upcoming'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.live.event(me, 'k1'))!.isInvalidated).toBe(true);
  });

  it("reloads the schedule's lists and items on a schedule change, and the feed's address only on resync", () => {
    const lists = [queryKeys.schedule.list(me, 'upcoming'), queryKeys.schedule.list(me, 'past'), queryKeys.schedule.detail(me, 'i1')];
    for (const key of [...lists, queryKeys.schedule.calendar(me)]) client.setQueryData(key, []);
    expect(parseUpdate({ event: 'schedule', data: '{"_id":"i1","change":"answer"}' })).toEqual({ name: 'schedule', data: { _id: 'i1', change: 'answer' } });
    apply({ name: 'schedule', data: { _id: 'i1', change: 'answer' } });
    for (const key of lists) expect(client.getQueryState(key)!.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.schedule.calendar(me))!.isInvalidated).toBe(false);
    apply({ name: 'resync', data: {} });
    expect(client.getQueryState(queryKeys.schedule.calendar(me))!.isInvalidated).toBe(true);
  });

  it("reloads a video's page and every list showing it when its processing state changes, and no other video", () => {
    const video = { key: 'v1', status: 'processing' };
    const keys = [
      queryKeys.videos.detail(me, 'v1'),
      queryKeys.videos.list(me),
      queryKeys.videos.recent(me, 2),
      queryKeys.videos.byKeys(me, ['v1', 'v2']),
    ];
    const untouched = [queryKeys.videos.detail(me, 'v2'), queryKeys.videos.comments(me, 'v1')];
    for (const key of [...keys, ...untouched]) client.setQueryData(key, video);
    expect(parseUpdate({ event: 'video', data: '{"_id":"v1","status":"ready"}' })).toEqual({ name: 'video', data: { _id: 'v1', status: 'ready' } });
    apply({ name: 'video', data: { _id: 'v1', status: 'ready' } });
    for (const key of keys) expect(client.getQueryState(key)!.isInvalidated, String(key)).toBe(true);
    for (const key of untouched) expect(client.getQueryState(key)!.isInvalidated, String(key)).toBe(false);
  });

  it("reloads a video's or a live game's tags when a teammate tags it, and every tag list on resync", () => {
    const v1 = queryKeys.tags.of(me, 'video', 'v1');
    const v2 = queryKeys.tags.of(me, 'video', 'v2');
    const game = queryKeys.tags.of(me, 'live', 'g1');
    for (const key of [v1, v2, game, queryKeys.tags.codes(me)]) client.setQueryData(key, { items: [] });
    apply({ name: 'tag', data: { _id: 't1', video: 'v1', event: null, change: 'new' } });
    expect([v1, v2, game].map((key) => client.getQueryState(key)!.isInvalidated)).toEqual([true, false, false]);
    // A live game's tag names both once the game's recording exists.
    apply({ name: 'tag', data: { _id: 't2', video: 'v2', event: 'g1', change: 'changed' } });
    expect([v2, game].map((key) => client.getQueryState(key)!.isInvalidated)).toEqual([true, true]);
    expect(client.getQueryState(queryKeys.tags.codes(me))!.isInvalidated).toBe(false);
    apply({ name: 'resync', data: {} });
    expect(client.getQueryState(queryKeys.tags.codes(me))!.isInvalidated).toBe(true);
  });

  it('reads the tags again only once my own tag changes are answered', async () => {
    const key = queryKeys.tags.of(me, 'video', 'v1');
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => ((reads += 1), { items: [] }) });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryState(key)!.fetchStatus).toBe('idle'));
    expect(reads).toBe(1);
    let answer!: () => void;
    const press = client.getMutationCache().build(client, { mutationKey: key, mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) });
    const pressed = press.execute(undefined);
    apply({ name: 'tag', data: { _id: 't1', video: 'v1', event: null, change: 'changed' } });
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
    expect(client.getQueryState(key)!.fetchStatus).toBe('idle');
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    await pressed;
    apply({ name: 'tag', data: { _id: 't1', video: 'v1', event: null, change: 'changed' } });
    await vi.waitFor(() => expect(reads).toBe(2));
    stop();
  });

  it('does not read the tags again for a new instance the list already has (my own press, answered)', async () => {
    const key = queryKeys.tags.of(me, 'video', 'v1');
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => ((reads += 1), { items: [tagFixture({ _id: 't1' })] }) });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toBe(1));
    await vi.waitFor(() => expect(client.getQueryState(key)!.fetchStatus).toBe('idle'));
    apply({ name: 'tag', data: { _id: 't1', video: 'v1', event: null, change: 'new' } });
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);
    // A teammate's new instance is read.
    apply({ name: 'tag', data: { _id: 't2', video: 'v1', event: null, change: 'new' } });
    await vi.waitFor(() => expect(reads).toBe(2));
    stop();
  });

  it("reloads a video's drawings when a teammate draws, changes or deletes one there, and no other video's", () => {
    const mine = queryKeys.drawings.ofVideo(me, 'v1');
    const other = queryKeys.drawings.ofVideo(me, 'v2');
    for (const key of [mine, other]) client.setQueryData(key, []);
    expect(parseUpdate({ event: 'drawing', data: '{"_id":"d1","video":"v1","event":null,"change":"new"}' })).toEqual({
      name: 'drawing',
      data: { _id: 'd1', video: 'v1', event: null, change: 'new' },
    });
    apply({ name: 'drawing', data: { _id: 'd1', video: 'v1', event: null, change: 'changed' } });
    expect(client.getQueryState(mine)!.isInvalidated).toBe(true);
    expect(client.getQueryState(other)!.isInvalidated).toBe(false);
    // A live game's drawing names no video: nothing to reload yet.
    apply({ name: 'drawing', data: { _id: 'd2', video: null, event: 'game', change: 'new' } });
    expect(client.getQueryState(other)!.isInvalidated).toBe(false);
    apply({ name: 'resync', data: {} });
    expect(client.getQueryState(other)!.isInvalidated).toBe(true);
  });

  it('reloads the comments on a deleted comment, and not on a deleted board message', () => {
    const comments = queryKeys.clipComments(me, 'coach', 'main', 'clip1');
    client.setQueryData(comments, []);
    apply({ name: 'delete', data: { _id: 'b', kind: 'board' } });
    expect(client.getQueryState(comments)!.isInvalidated).toBe(false);
    apply({ name: 'delete', data: { _id: 'c1', kind: 'comment' } });
    expect(client.getQueryState(comments)!.isInvalidated).toBe(true);
  });
});

describe('parseUpdate', () => {
  it('reads known events by their contract and drops the rest', () => {
    expect(parseUpdate({ event: 'unread', data: '{"unread":4}' })).toEqual({ name: 'unread', data: { unread: 4 } });
    expect(parseUpdate({ event: 'unread', data: '{"unread":"x"}' })).toBeNull();
    expect(parseUpdate({ event: 'unread', data: 'not json' })).toBeNull();
    expect(parseUpdate({ event: 'other', data: '{}' })).toBeNull();
  });
});
