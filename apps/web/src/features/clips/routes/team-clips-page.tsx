import { Page } from '@/components/page';
import { ClipGrid } from '@/features/clips/components/clip-grid';

/** /team/clips: the clip library; cards open /team/clips/{reel_id}. */
export function Component() {
  return (
    <Page width="wide" title="Clips" description="Highlights cut from your team's games.">
      <ClipGrid scope="team" basePath="/team/clips" videosPath="/team/videos" />
    </Page>
  );
}
