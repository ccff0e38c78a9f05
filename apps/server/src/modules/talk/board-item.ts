import type { BoardItem, BoardType } from '@app/contracts/talk';
import type { MediaUrl } from '../../storage/media-urls';

/** What a board message or an activity item is read as (one query each, with its channel and publisher). */
export interface BoardItemRow {
  id: string;
  subject: string | null;
  /** The publisher's username; '' when the item has none. */
  publisher: string | null;
  content: string;
  createdAt: Date;
  type: string | null;
  action: string | null;
  recipients: string[] | null;
  owner: string;
  channel: string;
  /** The poster of a reel item's first clip. */
  posterKey: string | null;
  replies: number;
  /** A live item's game, as it is now: its title and status (absent for board messages). */
  liveTitle?: string | null;
  liveStatus?: string | null;
}

const boardTypes: readonly string[] = ['reel', 'live', 'video', 'link', 'join'] satisfies BoardType[];

/** What a live game's item says once the game is over (its text until then is 'Live now: <title>'). */
export const finalText = (title: string) => `Final: ${title}`;

/**
 * The JSON of a board message or activity item (contract `boardItem`); a reel's poster is signed for minutes.
 * A live game's item follows the game: read from its event, so an ended game never reads as live.
 */
export async function toBoardItem(sign: MediaUrl | undefined, row: BoardItemRow): Promise<BoardItem> {
  const live = row.type === 'live' && row.liveStatus ? { ended: row.liveStatus === 'ended' } : undefined;
  return {
    _id: row.id,
    subject: row.subject ?? '',
    publisher: row.publisher ?? '',
    content: live?.ended ? finalText(row.liveTitle ?? '') : row.content,
    timestamp: row.createdAt.getTime(),
    type: row.type && boardTypes.includes(row.type) ? (row.type as BoardType) : null,
    action: row.action,
    recipients: row.recipients ?? [],
    channel: { owner: row.owner, channel: row.channel },
    preview: row.posterKey && sign ? await sign(row.posterKey) : null,
    replies: row.replies,
    ...live,
  };
}
