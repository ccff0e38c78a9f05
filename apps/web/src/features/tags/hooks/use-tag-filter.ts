import type { TagFilter } from '@app/contracts/film';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { filterFromSearch, searchWithFilter } from '@/features/tags/utils/tag-filter';

/**
 * The page's instance filter, kept in its address (`?code=...&label=...&match=any`) so a link shows the
 * same instances; changing it replaces the history entry and keeps the scroll position.
 */
export function useTagFilter(): [TagFilter, (next: TagFilter) => void] {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const setFilter = useCallback(
    (next: TagFilter) => setSearch((current) => searchWithFilter(current, next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  return [filter, setFilter];
}
