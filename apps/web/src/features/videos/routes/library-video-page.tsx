import { useParams } from 'react-router';

import { VideoDetail } from '@/features/videos/components/video-detail';

/** /library/videos/:videoId: one library video (the id is the video's key). */
export function Component() {
  const { videoId = '' } = useParams();
  return <VideoDetail key={videoId} videoKey={videoId} clipsPath="/library/clips" />;
}
