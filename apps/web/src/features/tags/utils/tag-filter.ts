import { matchesTagFilter, tagFilter, type Tag, type TagFilter } from '@app/contracts/film';

export const NO_FILTER: TagFilter = { code: [], label: [], match: 'all' };

const unique = (values: readonly string[]) => [...new Set(values.filter((v) => v !== ''))];

/**
 * The filter a page address names (`?code=Shot&code=Foul&label=Jane&match=any`), read by the contract's
 * query schema (the server reads the same link); an address it refuses shows everything.
 */
export function filterFromSearch(search: URLSearchParams): TagFilter {
  const parsed = tagFilter.safeParse({ code: search.getAll('code'), label: search.getAll('label'), match: search.get('match') ?? undefined });
  if (!parsed.success) return NO_FILTER;
  return { code: unique(parsed.data.code), label: unique(parsed.data.label), match: parsed.data.match };
}

/** The page address's query with `filter` in it, its other parameters kept; `match` only when it is not the default. */
export function searchWithFilter(search: URLSearchParams, filter: TagFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of ['code', 'label', 'match']) next.delete(name);
  for (const code of filter.code) next.append('code', code);
  for (const label of filter.label) next.append('label', label);
  if (filter.match === 'any') next.set('match', 'any');
  return next;
}

export function isNoFilter(filter: TagFilter): boolean {
  return filter.code.length === 0 && filter.label.length === 0;
}

/** The instances a filter keeps, in their order: the contract's rule, the one the server's query applies. */
export function filterTags(items: readonly Tag[], filter: TagFilter): readonly Tag[] {
  return isNoFilter(filter) ? items : items.filter((t) => matchesTagFilter(t, filter));
}
