import type { Drawing } from '@app/contracts/film';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/user/drawings/{id}` (its maker or the team's owner): 204. */
export async function deleteDrawing(api: ApiClient, id: string): Promise<void> {
  await api.request(`/api/user/drawings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteDrawing(videoKey: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.drawings.ofVideo(session.userId ?? session.userUuid, videoKey);
  return useMutation({
    mutationFn: (id: string) => deleteDrawing(api, id),
    onSuccess: (_done, id) => {
      queryClient.setQueryData<Drawing[]>(key, (current) => current?.filter((d) => d._id !== id));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
