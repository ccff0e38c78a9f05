import { CalendarX2Icon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useScheduleUnsubscribe } from '@/features/settings/api/schedule-settings';

/**
 * /unsubscribe/schedule/{token}: a schedule e-mail's "stop these e-mails" link (no sign-in). Opening it
 * changes nothing (link scanners open links too); the button does.
 */
export function Component() {
  const token = useParams().token ?? '';
  const unsubscribe = useScheduleUnsubscribe(token);

  if (unsubscribe.isSuccess) {
    return (
      <PublicPage title="You will get no more schedule e-mails" description="You can switch them back on at any time in Settings.">
        <Button asChild variant="outline">
          <Link to={paths.settings}>Open Settings</Link>
        </Button>
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="Stop schedule e-mails?"
      description="We e-mail you when a game or practice is added, moved or cancelled, and a reminder before it starts. Stop these e-mails for your account? The team schedule still shows everything."
    >
      <div className="bg-muted/50 flex items-center gap-3 rounded-lg border p-3">
        <CalendarX2Icon aria-hidden="true" className="text-muted-foreground size-6 shrink-0" />
        <p className="text-sm">Your calendar subscription keeps working: it is not an e-mail.</p>
      </div>
      <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Stopping...' : 'Stop schedule e-mails'}
      </Button>
      <ErrorAlert error={unsubscribe.error} />
    </PublicPage>
  );
}
