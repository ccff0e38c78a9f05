import { describe, expect, it } from 'vitest';

import { queryKeys } from '@/lib/query-keys';

// TanStack Query matches an invalidation by key prefix: these tests pin which prefixes cover what.
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

describe('queryKeys', () => {
  it('keys user data by user, with a placeholder before the session is known', () => {
    expect(queryKeys.usage(7)).toEqual(['users', 7, 'usage']);
    expect(queryKeys.me(undefined)).toEqual(['users', 'signed-in', 'me']);
    expect(queryKeys.usage(7)).not.toEqual(queryKeys.usage(8));
  });

  it("puts every user query under ['users'], so one invalidation after a team change refreshes them all", () => {
    const user = 'u1';
    const keys = [
      queryKeys.me(user),
      queryKeys.usage(user),
      queryKeys.team(user),
      queryKeys.teams(user),
      queryKeys.pendingInvites(user, 'coach', 'main'),
      queryKeys.videos.list(user),
      queryKeys.videos.recent(user, 2),
      queryKeys.videos.byKeys(user, ['b', 'a']),
      queryKeys.videos.detail(user, 'k'),
      queryKeys.videos.comments(user, 'k'),
      queryKeys.clips.list(user),
      queryKeys.clips.ofStream(user, 'k'),
      queryKeys.reels.detail(user, 'r'),
      queryKeys.reels.export(user, 'r'),
      queryKeys.live.now(user),
      queryKeys.live.list(user, 'upcoming'),
      queryKeys.live.search(user, 'hawks', 'IHK'),
      queryKeys.live.event(user, 'k'),
      queryKeys.live.ingestKey(user, 'k'),
      queryKeys.live.follow(user, 'coach', 'main'),
    ];
    for (const key of keys) expect(startsWith(key, queryKeys.users())).toBe(true);
  });

  it("puts lists, details and comments under the user's videos, so a new video refreshes the dashboard and libraries", () => {
    for (const key of [
      queryKeys.videos.list(1),
      queryKeys.videos.recent(1, 2),
      queryKeys.videos.byKeys(1, ['a']),
      queryKeys.videos.detail(1, 'k'),
      queryKeys.videos.comments(1, 'k'),
    ]) {
      expect(startsWith(key, queryKeys.videos.all(1))).toBe(true);
    }
    expect(startsWith(queryKeys.videos.comments(1, 'k'), queryKeys.videos.detail(1, 'k'))).toBe(true);
  });

  it('names the uploaded videos by their keys in a stable order', () => {
    expect(queryKeys.videos.byKeys(1, ['b', 'a'])).toEqual(queryKeys.videos.byKeys(1, ['a', 'b']));
  });

  it('keeps identity-account queries apart from the product API ones', () => {
    expect(startsWith(queryKeys.identity.self(1), queryKeys.identity.all())).toBe(true);
    expect(startsWith(queryKeys.identity.sessions(1), queryKeys.users())).toBe(false);
    expect(queryKeys.plans()).toEqual(['billing', 'plans']);
  });
});
