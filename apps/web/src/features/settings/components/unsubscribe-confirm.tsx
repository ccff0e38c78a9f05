import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

type UnsubscribeConfirmProps = {
  /** The POST that switches the e-mails off. */
  unsubscribe: { isPending: boolean; isSuccess: boolean; error: unknown; mutate: () => void };
  /** What the e-mails are called: "notification e-mails". */
  kind: string;
  /** What they are, and what stays (a question to the reader). */
  description: string;
  icon: LucideIcon;
  /** What still comes or keeps working. */
  note: string;
};

/**
 * Where an e-mail's "stop these e-mails" link leads (no sign-in). Opening it changes nothing (link
 * scanners open links too); the button does.
 */
export function UnsubscribeConfirm({ unsubscribe, kind, description, icon: Icon, note }: UnsubscribeConfirmProps) {
  if (unsubscribe.isSuccess) {
    return (
      <PublicPage title={`You will get no more ${kind}`} description="You can switch them back on at any time in Settings.">
        <Button asChild variant="outline">
          <Link to={paths.settings}>Open Settings</Link>
        </Button>
      </PublicPage>
    );
  }
  return (
    <PublicPage title={`Stop ${kind}?`} description={description}>
      <div className="bg-muted/50 flex items-center gap-3 rounded-lg border p-3">
        <Icon aria-hidden="true" className="text-muted-foreground size-6 shrink-0" />
        <p className="text-sm">{note}</p>
      </div>
      <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Stopping...' : `Stop ${kind}`}
      </Button>
      <ErrorAlert error={unsubscribe.error} />
    </PublicPage>
  );
}
