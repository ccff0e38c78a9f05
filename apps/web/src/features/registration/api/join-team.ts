import { teamResponse, type TeamResponse } from '@app/contracts/teams';

import type { ApiClient } from '@/lib/api-client';

/** `PUT /api/channel/{owner}/{channel}/members`: join (or activate) an owner's team. */
export function joinTeam(api: ApiClient, owner: string, channel: string): Promise<TeamResponse> {
  const path = `/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/members`;
  return api.request(path, { method: 'PUT', schema: teamResponse });
}
