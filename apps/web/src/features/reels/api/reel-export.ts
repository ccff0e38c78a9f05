import { reelExport, type ReelExport } from '@app/contracts/clips';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** While the export job runs, its progress is polled this often. */
export const EXPORT_POLL_MS = 1000;

const path = (reelId: string) => `/api/user/reels/${encodeURIComponent(reelId)}/export`;

/** `GET /api/user/reels/{reelId}/export`: the reel's MP4 export, if any. */
export function getReelExport(api: ApiClient, reelId: string, signal?: AbortSignal): Promise<ReelExport> {
  return api.request(path(reelId), { schema: reelExport, signal });
}

/** `POST /api/user/reels/{reelId}/export` (202): starts the export, or answers the current one. */
export function startReelExport(api: ApiClient, reelId: string): Promise<ReelExport> {
  return api.request(path(reelId), { method: 'POST', schema: reelExport });
}

export const isExporting = (e: ReelExport | undefined) => e?.status === 'queued' || e?.status === 'running';

export function useReelExport(reelId: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.reels.export(session.userId ?? session.userUuid, reelId),
    queryFn: ({ signal }) => getReelExport(api, reelId, signal),
    enabled: session.isLoggedIn,
    refetchInterval: (query) => (isExporting(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

export function useStartReelExport(reelId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: () => startReelExport(api, reelId),
    onSuccess: (started) => queryClient.setQueryData(queryKeys.reels.export(session.userId ?? session.userUuid, reelId), started),
  });
}
