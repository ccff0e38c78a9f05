import { MailIcon } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useNotificationSettings, useUpdateNotificationSettings } from '@/features/settings/api/notification-settings';

/** The e-mail switch: unread mentions and messages are e-mailed, batched (the e-mail's unsubscribe link turns it off too). */
export function NotificationEmailCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // While saving, the switch shows where it is going.
  const on = update.isPending ? update.variables.email : settings.data?.email;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Notification e-mails</h3>
        </CardTitle>
        <CardDescription>When someone mentions you or sends you a message and you have not read it after a while, we e-mail it to you, at most once every few minutes.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {settings.isPending ? (
          <p role="status" className="text-muted-foreground min-h-6 text-sm">
            Loading...
          </p>
        ) : settings.isError ? (
          <ErrorAlert error={settings.error} />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <label htmlFor="notification-email" className="text-sm font-medium">
              E-mail me unread notifications
            </label>
            <Switch id="notification-email" checked={!!on} disabled={update.isPending} onCheckedChange={(email) => update.mutate({ email })} />
          </div>
        )}
        <p aria-live="polite" className="min-h-4 text-xs leading-4">
          {update.isError ? (
            <span className="text-destructive">Your change was not saved. Please try again.</span>
          ) : update.isSuccess ? (
            <span className="text-muted-foreground">{update.data.email ? 'Notification e-mails are on.' : 'Notification e-mails are off.'}</span>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}
