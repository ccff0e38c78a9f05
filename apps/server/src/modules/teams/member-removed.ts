import type { DomainEvents } from '../../domain-events';
import type { Executor } from '../../db/job-transaction';

declare module '../../domain-events' {
  interface DomainEventMap {
    /** The owner removed a member from a team, in the removal's transaction: what they could see of it they may not now. */
    'team.memberRemoved': { tenantId: string; channelId: number; userId: number };
  }
}

/** Tells who listens (live playback, which stops the member's playback tokens) that a member was removed. */
export async function announceMemberRemoved(events: DomainEvents, tx: Executor, channel: { id: number; tenantId: string }, userId: number): Promise<void> {
  await events.emit(tx, 'team.memberRemoved', { tenantId: channel.tenantId, channelId: channel.id, userId });
}
