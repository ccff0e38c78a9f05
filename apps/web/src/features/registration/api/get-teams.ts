import { teamsResponse, type TeamListItem } from '@app/contracts/teams';

import type { ApiClient } from '@/lib/api-client';

/** `GET /api/user/teams`: the teams the user was invited to or joined. */
export function getTeams(api: ApiClient): Promise<TeamListItem[]> {
  return api.request('/api/user/teams', { schema: teamsResponse });
}
