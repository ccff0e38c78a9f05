import { liveStreamList, type LiveStreamList, type SportCode } from '@app/contracts/live';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys, type DiscoveryPart } from '@/lib/query-keys';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** Live lists refresh every 30 s (a game going live shows without a reload). */
export const LIVE_REFRESH_MS = 30_000;
export const LIVE_PAGE_SIZE = 12;

function getList(api: ApiClient, path: string, params: Record<string, string | number | undefined>, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const search = query.size > 0 ? `?${query}` : '';
  return api.request<LiveStreamList>(`${path}${search}`, { schema: liveStreamList, signal });
}

/** `GET /api/team/live`: the games live now that the user may see (own team's first). */
export function useLiveNow() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.live.now(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getList(api, '/api/team/live', {}, signal),
    enabled: session.isLoggedIn,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** `GET /api/team/upcoming` (soonest first) or `/api/team/archives` (newest first), paged on scroll by `timestamp`. */
export function useStreamPages(kind: 'upcoming' | 'archives', { limit = LIVE_PAGE_SIZE }: { limit?: number } = {}) {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<LiveStreamList>({
    queryKey: [...queryKeys.live.list(session.userId ?? session.userUuid, kind), limit],
    fetchPage: (timestamp, signal) => getList(api, `/api/team/${kind}`, { limit, timestamp }, signal),
    enabled: session.isLoggedIn,
    // Upcoming games go live (and leave the list); a recording list only grows when a game ends.
    refetchInterval: kind === 'upcoming' ? LIVE_REFRESH_MS : false,
  });
}

/** `status` of the discovery lists: none for live then upcoming, `ended` for the recent results. */
const statusOf = (part: DiscoveryPart) => (part === 'results' ? 'ended' : undefined);

/**
 * `GET /api/events?q=&sport=`: the user's teams' events and every public one, live first then upcoming; or
 * (`results`) the games that ended, latest first.
 */
export function useEventSearch(q: string, sport: SportCode | '', part: DiscoveryPart = 'current') {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<LiveStreamList>({
    queryKey: queryKeys.live.search(session.userId ?? session.userUuid, q, sport, part),
    fetchPage: (timestamp, signal) =>
      getList(api, '/api/events', { q: q.trim(), sport, status: statusOf(part), limit: LIVE_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
    refetchInterval: LIVE_REFRESH_MS,
    // Typing in the search keeps the previous results on screen until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/sports/{code}/events`: one sport's games, live and upcoming or (`results`) ended, paged. */
export function useSportEvents(code: SportCode, part: DiscoveryPart = 'current') {
  const api = useApiClient();
  const session = useSession();
  return useInfiniteList<LiveStreamList>({
    queryKey: queryKeys.live.sport(session.userId ?? session.userUuid, code, part),
    fetchPage: (timestamp, signal) =>
      getList(api, `/api/sports/${encodeURIComponent(code)}/events`, { status: statusOf(part), limit: LIVE_PAGE_SIZE, timestamp }, signal),
    enabled: session.isLoggedIn,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
