import { invitePreview, teamResponse, type InvitePreview, type TeamResponse } from '@app/contracts/teams';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';

const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** `GET /api/invites/{token}` (public): who invited, to which team, for which address. */
export function getInvitation(api: ApiClient, token: string, signal?: AbortSignal): Promise<InvitePreview> {
  return api.request(invitePath(token), { schema: invitePreview, signal });
}

export function useInvitation(token: string) {
  const api = useApiClient();
  return useQuery({ queryKey: queryKeys.invitation(token), queryFn: ({ signal }) => getInvitation(api, token, signal), retry: false });
}

/** `POST /api/invites/{token}/accept`: the signed-in user claims the invitation and joins the team. */
export function acceptInvitation(api: ApiClient, token: string): Promise<TeamResponse> {
  return api.request(`${invitePath(token)}/accept`, { method: 'POST', schema: teamResponse });
}

/** A team as an invitation names it: its description, else its coach's. */
export const teamLabel = ({ description, owner }: { description: string | null; owner: string }) => description || `${owner}'s team`;

/** What the page after joining says. */
export const joinedNotice = (team: string) => `You joined ${team}.`;
