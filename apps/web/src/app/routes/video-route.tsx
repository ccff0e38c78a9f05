import { useParams } from 'react-router';

import { VideoDrawings, videoDrawingsSlot, videoRangeDrawings } from '@/app/routes/drawing-slots';
import { createReel } from '@/features/reels/api/create-reel';
import { updateReel } from '@/features/reels/api/update-reel';
import { VideoCodeWindow, VideoTags } from '@/features/tags/components/video-tagging';
import { createClip } from '@/features/videos/api/create-clip';
import { VideoDetail, type VideoSlotProps, type VideoTaggingSlot } from '@/features/videos/components/video-detail';
import { useLevel } from '@/lib/subscription/level-context';

/**
 * The tags feature around the player: the code window beside it, the video's tags under it ("Play all"
 * holding on the drawings inside its instances, as the video's page and reels do).
 */
const tagging: VideoTaggingSlot = {
  Panel: VideoCodeWindow,
  Timeline: (props: VideoSlotProps) => (
    <VideoTags {...props} reelsPath="/library/reels" reelMaker={{ createClip, createReel, updateReel }} playAllOverlay={videoRangeDrawings(props.video.key)} />
  ),
};

/**
 * /team/videos/:key and /library/videos/:videoId (the id is the video's key): one video with its player,
 * highlights and title edit, the tags feature's film study around the player and the drawings feature's
 * layer and list (composed here because features never import each other).
 */
export function Component() {
  const { key, videoId } = useParams();
  const videoKey = key ?? videoId ?? '';
  const clipsPath = key === undefined ? '/library/clips' : '/team/clips';
  // A fan in the team watches its videos; the film study is its coach's and athletes' (the server refuses a fan too).
  const level = useLevel();
  // Keyed: another video starts with a fresh player (position, speed, quality) and no drawing open.
  return (
    <VideoDrawings key={videoKey} videoKey={videoKey}>
      <VideoDetail videoKey={videoKey} clipsPath={clipsPath} tagging={level === 'fan' ? undefined : tagging} drawings={videoDrawingsSlot} />
    </VideoDrawings>
  );
}
