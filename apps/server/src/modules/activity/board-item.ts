import type { BoardItem, BoardType } from '@app/contracts/talk';
import type { MediaUrl } from '../videos/video-view';

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
}

const boardTypes: readonly string[] = ['reel', 'live', 'video', 'link', 'join'] satisfies BoardType[];

/** The JSON of a board message or activity item (contract `boardItem`); a reel's poster is signed for minutes. */
export async function toBoardItem(sign: MediaUrl | undefined, row: BoardItemRow): Promise<BoardItem> {
  return {
    _id: row.id,
    subject: row.subject ?? '',
    publisher: row.publisher ?? '',
    content: row.content,
    timestamp: row.createdAt.getTime(),
    type: row.type && boardTypes.includes(row.type) ? (row.type as BoardType) : null,
    action: row.action,
    recipients: row.recipients ?? [],
    channel: { owner: row.owner, channel: row.channel },
    preview: row.posterKey && sign ? await sign(row.posterKey) : null,
    replies: row.replies,
  };
}
