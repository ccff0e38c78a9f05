import { useParams } from 'react-router';

import { VideoDetail } from '@/features/videos/components/video-detail';

/** /team/videos/:key: one video with its player, highlights and title edit. */
export function Component() {
  const { key = '' } = useParams();
  // Keyed: another video starts with a fresh player (position, speed, quality).
  return <VideoDetail key={key} videoKey={key} clipsPath="/team/clips" />;
}
