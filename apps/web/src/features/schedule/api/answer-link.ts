import { rsvpTokenView, type RsvpAnswer, type RsvpTokenView } from '@app/contracts/schedule';

export type LinkAnswer = { answer: RsvpAnswer; note?: string };
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

const path = (token: string) => `/api/rsvp/${encodeURIComponent(token)}`;

/** `GET /api/rsvp/{token}` (no sign-in, changes nothing): the item and the member's answer. */
export function useAnswerLink(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.schedule.answerLink(token),
    queryFn: ({ signal }): Promise<RsvpTokenView> => api.request(path(token), { schema: rsvpTokenView, signal }),
  });
}

/** `POST /api/rsvp/{token} {answer, note?}` (no sign-in): records the answer (a note absent stays); the page shows what was recorded. */
export function useAnswerByLink(token: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkAnswer): Promise<RsvpTokenView> => api.request(path(token), { method: 'POST', body, schema: rsvpTokenView }),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.schedule.answerLink(token), view),
  });
}
