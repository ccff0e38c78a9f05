import type { LucideIcon } from 'lucide-react';

import {
  Empty,
  EmptyContent,
  EmptyDescription,
  EmptyHeader,
  EmptyMedia,
  EmptyTitle,
} from '@/components/ui/empty';
import { cn } from '@/lib/utils';

type EmptyStateProps = {
  icon: LucideIcon;
  title?: React.ReactNode;
  /** What will appear here, in the user's words. */
  children: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
};

/** An honest empty body: what this space is for, and what to do next when there is something to do. */
export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <Empty className={cn('bg-card/40 min-h-64 flex-none border md:p-10', className)}>
      <EmptyHeader>
        <EmptyMedia variant="icon">
          <Icon aria-hidden="true" />
        </EmptyMedia>
        {title ? <EmptyTitle>{title}</EmptyTitle> : null}
        <EmptyDescription>{children}</EmptyDescription>
      </EmptyHeader>
      {action ? <EmptyContent>{action}</EmptyContent> : null}
    </Empty>
  );
}
