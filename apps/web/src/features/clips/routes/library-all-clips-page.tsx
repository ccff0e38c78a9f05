import { Page } from '@/components/page';
import { ClipGrid } from '@/features/clips/components/clip-grid';

/** /library/clips/all: every clip in the library, with infinite scroll. */
export function Component() {
  return (
    <Page width="wide" title="All Clips" description="Every highlight you have made or saved.">
      <ClipGrid scope="mine" basePath="/library/clips" videosPath="/library/videos" />
    </Page>
  );
}
