import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';


/** The update stream's position a list was read at (the server reads it before the list). */
const UPDATES_POSITION_HEADER = 'x-updates-position';

/** By query hash: where the update stream stood when each list this tab keeps was read. */
const positions = new Map<string, number>();

/** A request's `onResponse` that notes the list's position (give it to a list's first page: a refetch notes it anew). */
export function notePosition(queryKey: QueryKey): (response: Response) => void {
  return (response) => {
    const header = response.headers.get(UPDATES_POSITION_HEADER);
    if (response.ok && header !== null && /^\d+$/.test(header)) positions.set(hashKey(queryKey), Number(header));
  };
}

/** The stream's position in a response (the update stream says where it starts), or null. */
export function positionOf(response: Response): number | null {
  const header = response.headers.get(UPDATES_POSITION_HEADER);
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

/** `lists`: the prefixes of the lists the update stream keeps current (the features say which: `UpdateFeature.lists`). */
const keptLists = (queryClient: QueryClient, lists: readonly QueryKey[]) =>
  lists
    .flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey }))
    .filter((query) => query.state.dataUpdatedAt > 0 && positions.has(query.queryHash));

/**
 * The position of the stalest list this tab shows, or null when it shows none: a stream that resumes
 * after it (`Last-Event-ID`) brings whatever any list may lack, and nothing need load again.
 */
export function stalestPosition(queryClient: QueryClient, lists: readonly QueryKey[]): number | null {
  const known = keptLists(queryClient, lists).map((query) => positions.get(query.queryHash)!);
  return known.length > 0 ? Math.min(...known) : null;
}

/** The stream goes on after `position`: lists read before it may lack what happened in between, and load again. */
export function reloadListsBefore(queryClient: QueryClient, lists: readonly QueryKey[], position: number): void {
  const stale = new Set(keptLists(queryClient, lists).filter((query) => positions.get(query.queryHash)! < position));
  if (stale.size > 0) void queryClient.invalidateQueries({ predicate: (query) => stale.has(query) });
}

/** Resolves once none of the lists the stream keeps current is loading (or `signal` aborts). */
export function listsSettled(queryClient: QueryClient, lists: readonly QueryKey[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const loading = () => lists.some((queryKey) => queryClient.isFetching({ queryKey }) > 0);
    if (!loading() || signal.aborted) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (loading() && !signal.aborted) return;
      unsubscribe();
      resolve();
    });
    signal.addEventListener('abort', () => (unsubscribe(), resolve()), { once: true });
  });
}
