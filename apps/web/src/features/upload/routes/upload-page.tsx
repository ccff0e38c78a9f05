import { VideoIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /upload: record or upload game videos. */
export function Component() {
  return (
    <Page title="Upload" description="Record a game or upload videos from your device.">
      <EmptyState icon={VideoIcon}>The camera and video upload will appear here.</EmptyState>
    </Page>
  );
}
