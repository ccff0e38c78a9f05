import { createEventResponse, type CreateEventResponse } from '@app/contracts/live';
import type { z } from 'zod';
import type { streamScheduleItemBody } from '@app/contracts/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/team/schedule/{id}/stream {type, public}` (team owner, a game): its live event, linked to it. */
export function useStreamScheduleItem(id: string) {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof streamScheduleItemBody>): Promise<CreateEventResponse> =>
      api.request(`/api/team/schedule/${encodeURIComponent(id)}/stream`, { method: 'POST', body, schema: createEventResponse }),
    onSuccess: () => {
      const userKey = session.userId ?? session.userUuid;
      void queryClient.invalidateQueries({ queryKey: queryKeys.live.all(userKey) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all(userKey) });
    },
  });
}
