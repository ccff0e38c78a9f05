import { inviteResponse, type CreateInviteBody, type InviteResponse } from '@app/contracts/teams';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/invites {email, owner, channel}`: e-mails an invitation link. */
export function createInvite(api: ApiClient, body: CreateInviteBody): Promise<InviteResponse> {
  return api.request('/api/user/invites', { method: 'POST', body, schema: inviteResponse });
}
