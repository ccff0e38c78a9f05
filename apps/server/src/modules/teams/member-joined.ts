import type { Executor } from '../../db/job-transaction';
import { recordActivity } from '../activity/record-activity';

/** A member joined a team (an invitation accepted, or joined by username): its activity feed says so, in the join's transaction. */
export async function recordMemberJoined(
  tx: Pick<Executor, 'execute' | 'insert' | 'select'>,
  channel: { id: number; tenantId: string },
  member: { id: number; username: string },
): Promise<void> {
  await recordActivity(tx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    publisherUserId: member.id,
    content: `${member.username} joined the team`,
    type: 'link',
    action: `/team/members/${member.username}`,
  });
}
