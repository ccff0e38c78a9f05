import { EMPTY_MESSAGE } from '@app/contracts/clips';
import { mentionedUsernames, type BoardReply } from '@app/contracts/talk';
import { AppError } from '../../errors';
import type { TeamsService } from '../teams/teams.service';
import type { WithPublisher } from './channel-messages.repo';

/** What a board post, a reply or a clip comment says: its text trimmed, never blank (400). */
export function requireText(message: string): string {
  const content = message.trim();
  if (!content) throw new AppError('VALIDATION_FAILED', EMPTY_MESSAGE);
  return content;
}

/** The members of the channel a text `@mentions` (a name that is no member mentions nobody). */
export async function mentionedMembers(teams: Pick<TeamsService, 'membersNamed'>, channelId: number, content: string): Promise<number[]> {
  return (await teams.membersNamed(channelId, mentionedUsernames(content))).map((m) => m.id);
}

/** A reply or a clip comment as its JSON shows it (contracts `boardReply`, `channelComment`: one shape). */
export const toReplyJson = (row: WithPublisher): BoardReply => ({
  _id: row.id,
  publisher: row.publisher.username,
  name: row.publisher.name,
  image: row.publisher.image,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
});
