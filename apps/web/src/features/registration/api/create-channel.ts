import { channelResponse, type ChannelResponse, type CreateChannelBody } from '@app/contracts/teams';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/channels`: the coach's team is the channel `main`, described by the team name. */
export function createChannel(api: ApiClient, body: CreateChannelBody): Promise<ChannelResponse> {
  return api.request('/api/user/channels', { method: 'POST', body, schema: channelResponse });
}
