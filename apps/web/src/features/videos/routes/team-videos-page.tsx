import { Page } from '@/components/page';
import { VideoGrid } from '@/features/videos/components/video-grid';

/** /team/videos: All Videos; cards open /team/videos/{key}. */
export function Component() {
  return (
    <Page width="wide" title="All Videos" description="Game footage recorded or uploaded by your team.">
      <VideoGrid basePath="/team/videos" />
    </Page>
  );
}
