import { userMe, type CreateUserMeBody, type UserMe } from '@app/contracts/user-me';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/me`: registration creates or completes the own record (409 'Username already exists'). */
export function registerUser(api: ApiClient, body: CreateUserMeBody): Promise<UserMe> {
  return api.request('/api/user/me', { method: 'POST', body, schema: userMe });
}
