import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { queryKeys } from '@/lib/query-keys';
import { listsSettled, notePosition, reloadListsBefore, stalestPosition } from '@/lib/updates/list-positions';

const user = 7;
/** The lists the stream keeps current, as the features say (`UpdateFeature.lists`). */
const lists = (userKey: number) => [queryKeys.talk.all(userKey), queryKeys.schedule.all(userKey)];
const respond = (position: string | null, status = 200) => new Response('{}', { status, headers: position === null ? {} : { 'x-updates-position': position } });

/** A list loaded at `position`, as the talk queries load theirs. */
async function load(client: QueryClient, key: readonly unknown[], position: string | null) {
  await client.fetchQuery({ queryKey: key, queryFn: () => (notePosition(key)(respond(position)), { items: [] }) });
}

describe('list positions', () => {
  it('resumes after the stalest list shown; none shown: from now', async () => {
    const client = new QueryClient();
    expect(stalestPosition(client, lists(user))).toBeNull();
    await load(client, queryKeys.talk.boardList(user), '40');
    await load(client, queryKeys.talk.notifications(user), '25');
    await load(client, queryKeys.schedule.list(user, 'upcoming'), '31');
    // Lists that the stream does not keep current (no position) do not count.
    await load(client, queryKeys.talk.buddies(user), null);
    expect(stalestPosition(client, lists(user))).toBe(25);
    // Another user's lists are theirs.
    expect(stalestPosition(client, lists(8))).toBeNull();
  });

  it('a refused read or a malformed header notes nothing', async () => {
    const client = new QueryClient();
    notePosition(queryKeys.talk.boardList(user))(respond('12', 403));
    notePosition(queryKeys.talk.activityList(user))(respond('12abc'));
    await client.fetchQuery({ queryKey: queryKeys.talk.activityList(user), queryFn: () => ({ items: [] }) });
    expect(stalestPosition(client, lists(user))).toBeNull();
  });

  it('a stream that goes on after N reloads only the lists read before N', async () => {
    const client = new QueryClient();
    await load(client, queryKeys.talk.boardList(user), '10');
    await load(client, queryKeys.talk.activityList(user), '30');
    await load(client, queryKeys.schedule.list(user, 'upcoming'), '15');
    await load(client, queryKeys.schedule.detail(user, 'i1'), '25');
    expect(stalestPosition(client, lists(user))).toBe(10);
    reloadListsBefore(client, lists(user), 20);
    expect(client.getQueryState(queryKeys.talk.boardList(user))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.schedule.list(user, 'upcoming'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.talk.activityList(user))?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.schedule.detail(user, 'i1'))?.isInvalidated).toBe(false);
  });

  it('waits for the lists that are loading', async () => {
    const client = new QueryClient();
    let finish: () => void = () => {};
    const loading = client.fetchQuery({
      queryKey: queryKeys.schedule.list(user, 'upcoming'),
      queryFn: () => new Promise<{ items: [] }>((resolve) => (finish = () => resolve({ items: [] }))),
    });
    let settled = false;
    const waiting = listsSettled(client, lists(user), new AbortController().signal).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await loading;
    await waiting;
    expect(settled).toBe(true);
  });
});
