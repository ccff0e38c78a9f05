import { MessagesSquareIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/messages: the team's message board. */
export function Component() {
  return (
    <Page title="Message Board" description="Announcements and conversations with your team.">
      <EmptyState icon={MessagesSquareIcon}>Messages from your team will appear here.</EmptyState>
    </Page>
  );
}
