import { codeWindow, type CodeWindow, type PutCodesBody } from '@app/contracts/film';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `PUT /api/team/codes {buttons}`: the whole window (the owner or an editor). */
export function saveCodeWindow(api: ApiClient, body: PutCodesBody): Promise<CodeWindow> {
  return api.request('/api/team/codes', { method: 'PUT', body, schema: codeWindow });
}

/** The saved window replaces the cached one: every open code window shows it at once. */
export function useSaveCodeWindow() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: PutCodesBody) => saveCodeWindow(api, body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.tags.codes(session.userId ?? session.userUuid), saved),
  });
}
