import { codeWindow, type CodeWindow } from '@app/contracts/film';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/team/codes`: the active team's code window, its players and whether I may change it. */
export function getCodeWindow(api: ApiClient, signal?: AbortSignal): Promise<CodeWindow> {
  return api.request('/api/team/codes', { schema: codeWindow, signal });
}

export function useCodeWindow() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.tags.codes(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getCodeWindow(api, signal),
    enabled: session.isLoggedIn,
  });
}
