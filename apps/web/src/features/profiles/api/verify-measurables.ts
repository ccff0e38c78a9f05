import { memberCard, type MemberCard, type Measurable } from '@app/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/team/members/{username}/verified`: the team owner marks a measurable "verified by coach", or withdraws it. */
export function useVerifyMeasurable(username: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const key = queryKeys.member(session.userId ?? session.userUuid, username);
  return useMutation({
    mutationFn: ({ field, verified }: { field: Measurable; verified: boolean }): Promise<MemberCard> =>
      api.request(`/api/team/members/${encodeURIComponent(username)}/verified`, { method: 'PUT', body: { [field]: verified }, schema: memberCard }),
    // The answer is the card without its images and team: keep those from the one shown.
    onSuccess: (card) => queryClient.setQueryData<MemberCard>(key, (shown) => (shown ? { ...shown, verified: card.verified } : shown)),
  });
}
