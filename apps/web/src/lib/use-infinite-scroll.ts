import { useCallback, useEffect, useRef } from 'react';

type InfiniteScrollOptions = {
  /** More pages exist (the server sent a `next` cursor). */
  hasMore: boolean;
  /** A page is on its way: load more on scroll to the bottom only when not already loading. */
  loading: boolean;
  onLoadMore: () => void;
  /** Start loading a little before the bottom is reached, so the list rarely visibly stops. */
  rootMargin?: string;
};

/**
 * Paging on scroll: returns a ref for a sentinel element placed after the last
 * item; when it scrolls into view and no page is loading, `onLoadMore` is called once. An
 * IntersectionObserver, not scroll events: no layout reads on every scroll frame, and it also
 * fires when the first page is too short to scroll at all.
 */
export function useInfiniteScroll({ hasMore, loading, onLoadMore, rootMargin = '400px 0px' }: InfiniteScrollOptions) {
  const observer = useRef<IntersectionObserver | null>(null);
  const visible = useRef(false);
  // The latest values, read by the observer callback without re-creating the observer.
  const state = useRef({ hasMore, loading, onLoadMore });
  useEffect(() => {
    state.current = { hasMore, loading, onLoadMore };
  });

  const maybeLoad = useCallback(() => {
    const { hasMore: more, loading: busy, onLoadMore: load } = state.current;
    if (visible.current && more && !busy) load();
  }, []);

  const sentinelRef = useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      visible.current = false;
      if (!node || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          visible.current = entries.some((entry) => entry.isIntersecting);
          maybeLoad();
        },
        { rootMargin },
      );
      observer.current.observe(node);
    },
    [rootMargin, maybeLoad],
  );

  // A page arrived while the sentinel stayed in view (short pages): keep going, one page at a time.
  useEffect(() => {
    if (!loading) maybeLoad();
  }, [loading, hasMore, maybeLoad]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return sentinelRef;
}
