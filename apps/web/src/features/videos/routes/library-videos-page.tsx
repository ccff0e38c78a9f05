import { Page } from '@/components/page';
import { VideoGrid } from '@/features/videos/components/video-grid';

/** /library/videos: the library's videos, newest first; cards open /library/videos/{key}. */
export function Component() {
  return (
    <Page width="wide" title="Videos" description="Game videos you can watch.">
      <VideoGrid basePath="/library/videos" />
    </Page>
  );
}
