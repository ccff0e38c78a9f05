import type { UpdateData, UpdateEventName } from '@app/contracts/talk';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import type { UserKey } from '@/lib/query-keys';
import type { Update } from '@/lib/updates/parse-update';

/** Writes one kind of update into the cache of the signed-in user `userKey`. */
export type UpdateHandler<K extends UpdateEventName> = (queryClient: QueryClient, data: UpdateData[K], userKey: UserKey) => void;

/**
 * What a feature gives the update stream, wired in by the app: a handler per update kind it keeps current
 * (several features may handle one kind, each its own caches), and the prefixes of the lists it reads with
 * the stream's position (`notePosition`), which a stream resuming after them must cover.
 */
export type UpdateFeature = {
  handlers: { [K in UpdateEventName]?: UpdateHandler<K> };
  lists?: (userKey: UserKey) => QueryKey[];
};

/** Hands an update to every feature's handler of its kind. */
export function dispatchUpdate(features: readonly UpdateFeature[], queryClient: QueryClient, userKey: UserKey, update: Update): void {
  for (const feature of features) {
    const handler = feature.handlers[update.name] as UpdateHandler<typeof update.name> | undefined;
    handler?.(queryClient, update.data as never, userKey);
  }
}

/** The list prefixes every feature reads with the stream's position. */
export function streamedLists(features: readonly UpdateFeature[], userKey: UserKey): QueryKey[] {
  return features.flatMap((feature) => feature.lists?.(userKey) ?? []);
}
