import { displayName } from '@app/contracts/user-me';
import type { Executor } from '../../db/job-transaction';
import { recordActivity } from '../activity/record-activity';

/**
 * A member joined a team (an invitation accepted, or joined by username): its activity feed says so,
 * in the join's transaction. Activity text is kept as written, so it names the member as they were
 * named when they joined (the item's publisher is the member, whose current name pages show).
 */
export async function recordMemberJoined(
  tx: Pick<Executor, 'execute' | 'insert' | 'select'>,
  channel: { id: number; tenantId: string },
  member: { id: number; username: string; name: string | null },
): Promise<void> {
  await recordActivity(tx, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    publisherUserId: member.id,
    content: `${displayName(member)} joined the team`,
    type: 'link',
    action: `/team/members/${member.username}`,
  });
}
