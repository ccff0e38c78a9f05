import { isAppPath as isAppPathText, type BoardItem } from '@app/contracts/talk';

/** Where a board message or activity item leads, and the words its link shows. */
export type ItemLink =
  | { kind: 'path'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'join'; label: string; owner: string; channel: string };

/** A path inside this app (never '//' or '/\', which browsers read as another host). */
export function isAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && isAppPathText(value);
}

/** An absolute http(s) address (anything else, `javascript:` included, is never a link). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const segment = encodeURIComponent;

/**
 * The link rules by type: a reel opens its action when that is a path ('View Clip'), otherwise the
 * reel in its channel; a live game /game/{action} (its recording once it ended); a video /video/{action}; a link its action; join
 * offers joining the item's channel. A plain post (no type) or a missing action links nowhere.
 */
export function itemLink(item: Pick<BoardItem, 'type' | 'action' | 'channel' | 'ended'>): ItemLink | null {
  const { type, action, channel } = item;
  if (type === 'join') return { kind: 'join', label: 'Join channel', owner: channel.owner, channel: channel.channel };
  if (!type || !action) return null;
  switch (type) {
    case 'reel':
      return isAppPath(action)
        ? { kind: 'path', label: 'View Clip', to: action }
        : { kind: 'path', label: 'View Reel', to: `/channels/${segment(channel.owner)}/${segment(channel.channel)}/reels/${segment(action)}` };
    case 'live':
      // A game that has ended is its recording.
      return item.ended
        ? { kind: 'path', label: 'Watch the recording', to: `/live/archives/${segment(action)}` }
        : { kind: 'path', label: 'Watch Live Game', to: `/game/${segment(action)}` };
    case 'video':
      return { kind: 'path', label: 'Go to Video', to: `/video/${segment(action)}` };
    case 'link':
      if (isAppPath(action)) return { kind: 'path', label: 'Open link', to: action };
      return isWebUrl(action) ? { kind: 'external', label: 'Open link', href: action } : null;
  }
}
