import { MessageSquareIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /team/messages/:messageId: one message and its replies. */
export function Component() {
  return (
    <Page title="Message">
      <EmptyState icon={MessageSquareIcon}>This message and its replies will appear here.</EmptyState>
    </Page>
  );
}
