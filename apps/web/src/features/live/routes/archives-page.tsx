import { ArchiveIcon } from 'lucide-react';

import { Page } from '@/components/page';
import { useStreamPages } from '@/features/live/api/live-lists';
import { StreamList } from '@/features/live/components/stream-list';

/** /live/archives: past games, newest first, the next page on scroll. */
export function Component() {
  const query = useStreamPages('archives');
  return (
    <Page width="wide" title="Archives" description="Recordings of past games.">
      <StreamList
        query={query}
        label="Past games"
        empty={{ icon: ArchiveIcon, title: 'No recordings yet', text: 'Recordings of past games will appear here as soon as a live game ends.' }}
      />
    </Page>
  );
}
