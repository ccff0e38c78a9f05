import { ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type SectionCardProps = {
  icon: LucideIcon;
  title: string;
  /** The section's own page. */
  to: string;
  /** Visible link text; defaults to "View all" (with the section title for screen readers). */
  linkLabel?: string;
  children: React.ReactNode;
};

/** A dashboard section (team, library, live): heading, a link to its page, and its content. */
export function SectionCard({ icon: Icon, title, to, linkLabel, children }: SectionCardProps) {
  return (
    // min-w-0: a long line in a section (ellipsed) must not widen the dashboard grid past a phone's screen.
    <Card className="min-w-0 gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="text-muted-foreground size-4" />
          <h2 className="text-base">{title}</h2>
        </CardTitle>
        <CardAction>
          <Link
            to={to}
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 -my-1 flex items-center gap-0.5 rounded-md py-1 pl-2 text-sm font-medium outline-none focus-visible:ring-[3px]"
          >
            {linkLabel ?? (
              <>
                View all<span className="sr-only"> {title}</span>
              </>
            )}
            <ChevronRightIcon aria-hidden="true" className="size-4" />
          </Link>
        </CardAction>
      </CardHeader>
      <CardContent className="text-muted-foreground px-4 text-sm">{children}</CardContent>
    </Card>
  );
}
