import { MailIcon } from 'lucide-react';

import { useNotificationSettings, useUpdateNotificationSettings } from '@/features/settings/api/notification-settings';
import { EmailSwitchCard } from '@/features/settings/components/email-switch-card';

/** Unread mentions and messages are e-mailed, batched. */
export function NotificationEmailCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <EmailSwitchCard
      id="notification-email"
      icon={MailIcon}
      title="Notification e-mails"
      description="When someone mentions you or sends you a message and you have not read it after a while, we e-mail it to you, at most once every few minutes."
      label="E-mail me unread notifications"
      kind="Notification e-mails"
      stored={{ ...settings, on: settings.data?.email }}
      save={{ ...update, to: update.variables?.email, saved: update.data?.email, set: (email) => update.mutate({ email }) }}
    />
  );
}
