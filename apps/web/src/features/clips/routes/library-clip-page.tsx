import { useParams } from 'react-router';

import { ClipDetail } from '@/features/clips/components/clip-detail';

/** /library/clips/:clipId: the clip (its reel, by the reel id the card links to), played, with its comments. */
export function Component() {
  const { clipId = '' } = useParams();
  // Keyed: another clip starts with a fresh player and comment box.
  return <ClipDetail key={clipId} reelId={clipId} />;
}
