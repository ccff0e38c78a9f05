import { REEL_PREPARING, REEL_UNPLAYABLE, sharedReel, type SharedReel } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import { mediaRenewDelay } from '@/lib/media-renewal';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

/** How often the page asks again while the reel's clips are being cut (the link is rate limited per visitor: well under its 20 a minute). */
export const PREPARING_RETRY_MS = 5_000;

/** The link answers 409 until every clip's own file is cut; it plays once they are. */
export const isPreparing = (error: unknown) => error instanceof ApiError && error.statusCode === 409 && error.message === REEL_PREPARING;
/** A clip's cut failed: asking again will not help. */
export const isUnplayable = (error: unknown) => error instanceof ApiError && error.statusCode === 409 && error.message === REEL_UNPLAYABLE;
/** Too many requests from this visitor: it passes by itself. */
const isRateLimited = (error: unknown) => error instanceof ApiError && error.statusCode === 429;

/** `GET /api/reels/{reelId}` (no token needed): the share link, with the maker's team; 404 when sharing is off. */
export function getSharedReel(api: ApiClient, reelId: string, signal?: AbortSignal): Promise<SharedReel> {
  return api.request(`/api/reels/${encodeURIComponent(reelId)}`, { schema: sharedReel, signal });
}

/**
 * The shared reel, fetched again before its signed chunk URLs expire, and every few seconds while it
 * is being prepared (or the visitor was rate limited) until it plays.
 */
export function useSharedReel(reelId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.reels.shared(reelId),
    queryFn: ({ signal }) => getSharedReel(api, reelId, signal),
    enabled: reelId !== '',
    refetchInterval: ({ state }) =>
      isPreparing(state.error) || isRateLimited(state.error) ? PREPARING_RETRY_MS : mediaRenewDelay(state.data?.mediaExpiresAt),
    refetchIntervalInBackground: true,
  });
}
