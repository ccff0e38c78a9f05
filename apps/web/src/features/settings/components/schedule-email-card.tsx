import { CalendarClockIcon } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useScheduleSettings, useUpdateScheduleSettings } from '@/features/settings/api/schedule-settings';

/** The schedule e-mail switch: new, moved and cancelled items and reminders (each e-mail's unsubscribe link turns it off too). */
export function ScheduleEmailCard() {
  const settings = useScheduleSettings();
  const update = useUpdateScheduleSettings();
  // While saving, the switch shows where it is going.
  const on = update.isPending ? update.variables.reminderEmail : settings.data?.reminderEmail;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClockIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Schedule e-mails</h3>
        </CardTitle>
        <CardDescription>
          When a game or practice is added, moved or cancelled, and a reminder before it starts if you have not answered or said you are going. Answer from the e-mail with one tap.
        </CardDescription>
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
            <label htmlFor="schedule-email" className="text-sm font-medium">
              E-mail me about the schedule
            </label>
            <Switch id="schedule-email" checked={!!on} disabled={update.isPending} onCheckedChange={(reminderEmail) => update.mutate({ reminderEmail })} />
          </div>
        )}
        <p aria-live="polite" className="min-h-4 text-xs leading-4">
          {update.isError ? (
            <span className="text-destructive">Your change was not saved. Please try again.</span>
          ) : update.isSuccess ? (
            <span className="text-muted-foreground">{update.data.reminderEmail ? 'Schedule e-mails are on.' : 'Schedule e-mails are off.'}</span>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}
