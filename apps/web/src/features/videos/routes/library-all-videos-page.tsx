import { Page } from '@/components/page';
import { VideoGrid } from '@/features/videos/components/video-grid';

/** /library/videos/all: All Videos, every video in the library with infinite scroll. */
export function Component() {
  return (
    <Page width="wide" title="All Videos" description="Every game video you can watch.">
      <VideoGrid basePath="/library/videos" />
    </Page>
  );
}
