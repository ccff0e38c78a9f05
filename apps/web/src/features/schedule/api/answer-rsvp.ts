import { rsvpCounts, type RsvpAnswer, type RsvpCounts, type ScheduleItem } from '@app/contracts/schedule';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** The counts after `me` changes from `before` to `after` (an unanswered member counts as `none`). */
function movedCounts(counts: RsvpCounts, before: RsvpAnswer | null, after: RsvpAnswer): RsvpCounts {
  const next = { ...counts };
  const from = before ?? 'none';
  if (from === after) return next;
  next[from] = Math.max(0, next[from] - 1);
  next[after] += 1;
  return next;
}

type Answer = { id: string; answer: RsvpAnswer };

/**
 * `PUT /api/team/schedule/{id}/rsvp {answer}` -> the counts. One tap shows the answer at once in every
 * list and the item's page; a failure puts back what was there, and the server's counts replace the
 * guess when it answers.
 */
export function useAnswerRsvp() {
  const api = useApiClient();
  const session = useSession();
  const queryClient = useQueryClient();
  const all = queryKeys.schedule.all(session.userId ?? session.userUuid);

  /** Applies `change` to the item wherever it is cached (lists and its detail). */
  function patch(id: string, change: (item: ScheduleItem) => ScheduleItem) {
    queryClient.setQueriesData<ScheduleItem[] | ScheduleItem>({ queryKey: all }, (data) => {
      if (Array.isArray(data)) return data.map((item) => (item._id === id ? change(item) : item));
      if (data && typeof data === 'object' && '_id' in data && data._id === id) return change(data);
      return data;
    });
  }

  return useMutation({
    mutationFn: ({ id, answer }: Answer): Promise<RsvpCounts> =>
      api.request(`/api/team/schedule/${encodeURIComponent(id)}/rsvp`, { method: 'PUT', body: { answer }, schema: rsvpCounts }),
    onMutate: async ({ id, answer }) => {
      await queryClient.cancelQueries({ queryKey: all });
      const saved: [QueryKey, unknown][] = queryClient.getQueriesData({ queryKey: all });
      patch(id, (item) => ({ ...item, myRsvp: answer, rsvp: movedCounts(item.rsvp, item.myRsvp, answer) }));
      return { saved };
    },
    onError: (_error, _answer, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (counts, { id, answer }) => {
      patch(id, (item) => ({ ...item, myRsvp: answer, rsvp: counts }));
      // The owner's list of who answered what is on the item's page.
      return queryClient.invalidateQueries({ queryKey: queryKeys.schedule.detail(session.userId ?? session.userUuid, id) });
    },
  });
}
