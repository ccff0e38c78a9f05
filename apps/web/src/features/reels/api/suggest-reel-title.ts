import { REEL_TITLE_MAX } from '@app/contracts/clips';

import { formatVideoDate } from '@/lib/media-time';

/**
 * A new reel's suggested title: where its first clip comes from and that clip's date
 * ("Tigers vs Hawks · Dec 1, 2026"), so a list of reels reads better than "Untitled reel".
 */
export function suggestReelTitle(clip: { clipTitle?: string; timestamp: number }): string {
  const date = formatVideoDate(new Date(clip.timestamp).toISOString());
  return [clip.clipTitle?.trim(), date].filter(Boolean).join(' · ').slice(0, REEL_TITLE_MAX);
}
