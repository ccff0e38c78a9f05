import { createEventResponse, type CreateEventBody, type CreateEventResponse } from '@app/contracts/live';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/events {title, date, type, thumbnail, public}` -> `{key, ingestKey}`: Set Up Stream's form
 * creates an event; the live lists then show the new one.
 */
export function useCreateLiveEvent() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody): Promise<CreateEventResponse> =>
      api.request('/api/events', { method: 'POST', body, schema: createEventResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.live.all(session.userId ?? session.userUuid) }),
  });
}
