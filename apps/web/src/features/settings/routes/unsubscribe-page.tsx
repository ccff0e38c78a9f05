import { MailXIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PublicPage } from '@/components/public-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUnsubscribe } from '@/features/settings/api/unsubscribe';

/**
 * /unsubscribe/{token}: where a notification e-mail's "stop these e-mails" link leads (no sign-in).
 * Opening it changes nothing (link scanners open links too); the button does.
 */
export function Component() {
  const token = useParams().token ?? '';
  const unsubscribe = useUnsubscribe(token);

  if (unsubscribe.isSuccess) {
    return (
      <PublicPage title="You will get no more notification e-mails" description="You can switch them back on at any time in Settings.">
        <Button asChild variant="outline">
          <Link to={paths.settings}>Open Settings</Link>
        </Button>
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="Stop notification e-mails?"
      description="We e-mail you mentions and messages you have not read after a while. Stop these e-mails for your account? You will still see every notification in the app."
    >
      <div className="bg-muted/50 flex items-center gap-3 rounded-lg border p-3">
        <MailXIcon aria-hidden="true" className="text-muted-foreground size-6 shrink-0" />
        <p className="text-sm">Sign-in links, codes and invitations are still sent: they are not notifications.</p>
      </div>
      <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Stopping...' : 'Stop notification e-mails'}
      </Button>
      <ErrorAlert error={unsubscribe.error} />
    </PublicPage>
  );
}
