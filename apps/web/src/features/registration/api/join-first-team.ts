import { teamResponse, teamsResponse } from '@app/contracts/teams';

import type { ApiClient } from '@/lib/api-client';

/**
 * `GET /api/user/teams` (the current team first), then `PUT /api/channel/{owner}/{channel}/members` to
 * join and activate the first one unless it is current already.
 */
export async function joinFirstTeam(api: ApiClient): Promise<void> {
  const [first] = await api.request('/api/user/teams', { schema: teamsResponse });
  if (!first || first.current) return;
  await api.request(`/api/channel/${encodeURIComponent(first.username)}/${encodeURIComponent(first.channel)}/members`, { method: 'PUT', schema: teamResponse });
}
