import { PlayIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/videos/:key: one team video. */
export function Component() {
  return (
    <Page title="Video">
      <EmptyState icon={PlayIcon}>The video, its highlight timeline and its highlights will appear here.</EmptyState>
    </Page>
  );
}
