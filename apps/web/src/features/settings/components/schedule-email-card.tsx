import { CalendarClockIcon } from 'lucide-react';

import { useScheduleSettings, useUpdateScheduleSettings } from '@/features/settings/api/schedule-settings';
import { EmailSwitchCard } from '@/features/settings/components/email-switch-card';

/** New, moved and cancelled schedule items, and the reminders before them. */
export function ScheduleEmailCard() {
  const settings = useScheduleSettings();
  const update = useUpdateScheduleSettings();
  return (
    <EmailSwitchCard
      id="schedule-email"
      icon={CalendarClockIcon}
      title="Schedule e-mails"
      description="When a game or practice is added, moved or cancelled, and a reminder before it starts if you have not answered or said you are going. Answer from the e-mail with one tap."
      label="E-mail me about the schedule"
      kind="Schedule e-mails"
      stored={{ ...settings, on: settings.data?.reminderEmail }}
      save={{ ...update, to: update.variables?.reminderEmail, saved: update.data?.reminderEmail, set: (reminderEmail) => update.mutate({ reminderEmail }) }}
    />
  );
}
