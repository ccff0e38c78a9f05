import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';

/** Where the next page starts: the server's `next` (the last item's timestamp); none for the first page. */
type Cursor<TPage extends { next: unknown }> = NonNullable<TPage['next']> | undefined;

type InfiniteListOptions<TPage extends { next: unknown }> = {
  queryKey: QueryKey;
  fetchPage: (cursor: Cursor<TPage>, signal: AbortSignal) => Promise<TPage>;
} & Pick<UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, QueryKey, Cursor<TPage>>, 'enabled' | 'refetchInterval' | 'placeholderData'>;

/**
 * A list the server pages by cursor: the first page without one, each further page from the previous
 * page's `next`, until that is null.
 */
export function useInfiniteList<TPage extends { next: unknown }>({ queryKey, fetchPage, ...options }: InfiniteListOptions<TPage>) {
  return useInfiniteQuery<TPage, Error, InfiniteData<TPage>, QueryKey, Cursor<TPage>>({
    queryKey,
    // The page parameter's type is generic here, which the context's conditional type cannot narrow.
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam as Cursor<TPage>, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last.next ?? undefined) as Cursor<TPage>,
    ...options,
  });
}
