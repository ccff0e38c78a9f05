import { reelSharing, type Reel } from '@app/contracts/clips';
import { recruitingSettings, type RecruitingSettings, type UpdateRecruitingBody } from '@app/contracts/recruiting';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/recruiting`: whether my card is published, its link, its ticks and its reel. */
export function useRecruitingSettings() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.recruiting(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => api.request('/api/user/recruiting', { schema: recruitingSettings, signal }),
    enabled: session.isLoggedIn,
  });
}

/** The settings' mutations answer the settings: the cache takes them as they are on the server. */
function useSettingsMutation<T>(call: (body: T) => Promise<RecruitingSettings>) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.recruiting(session.userId ?? session.userUuid), settings),
  });
}

/** `PUT /api/user/recruiting`: publish or withdraw the card, tick fields. */
export function useUpdateRecruiting() {
  const api = useApiClient();
  return useSettingsMutation((body: UpdateRecruitingBody) => api.request('/api/user/recruiting', { method: 'PUT', body, schema: recruitingSettings }));
}

/** `POST /api/user/recruiting/rotate`: a new link; the old one stops working. */
export function useRotateRecruitingLink() {
  const api = useApiClient();
  return useSettingsMutation(() => api.request('/api/user/recruiting/rotate', { method: 'POST', schema: recruitingSettings }));
}

/**
 * Puts a reel on the card (null: none). The card plays it through its share link, so a private reel
 * of mine gets its link switched on first (`PUT /api/user/reels/{id}/sharing`); the picker says so.
 */
export function useChooseCardReel() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: async (reel: Reel | null): Promise<RecruitingSettings> => {
      if (reel && !reel.shared) {
        await api.request(`/api/user/reels/${encodeURIComponent(reel.reelId)}/sharing`, { method: 'PUT', body: { shared: true }, schema: reelSharing });
      }
      return api.request('/api/user/recruiting', { method: 'PUT', body: { reelId: reel?.reelId ?? null }, schema: recruitingSettings });
    },
    onSuccess: async (settings, reel) => {
      queryClient.setQueryData(queryKeys.recruiting(userKey), settings);
      if (reel && !reel.shared) await queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(userKey) });
    },
  });
}
