import type { CreateClipBody } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { createClip } from '@/lib/api/create-clip';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** A new clip shows in every clip list (the library, the dashboard, the video's own). */
export function useCreateClip(videoKey: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: Omit<CreateClipBody, 'key'>) => createClip(api, videoKey, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(session.userId ?? session.userUuid) }),
  });
}
