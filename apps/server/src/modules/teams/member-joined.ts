import type { DomainEvents } from '../../domain-events';
import type { Executor } from '../../db/job-transaction';

declare module '../../domain-events' {
  interface DomainEventMap {
    /** A member joined a team (an invitation accepted, or joined by username), in the join's transaction; named as they were named when they joined. */
    'team.memberJoined': { tenantId: string; channelId: number; member: { id: number; username: string; name: string | null } };
  }
}

/** Tells who listens (the team's activity feed) that a member joined, in the join's transaction. */
export async function announceMemberJoined(
  events: DomainEvents,
  tx: Executor,
  channel: { id: number; tenantId: string },
  member: { id: number; username: string; name: string | null },
): Promise<void> {
  await events.emit(tx, 'team.memberJoined', { tenantId: channel.tenantId, channelId: channel.id, member: { id: member.id, username: member.username, name: member.name } });
}
