import { CalendarX2Icon } from 'lucide-react';
import { useParams } from 'react-router';

import { useScheduleUnsubscribe } from '@/features/settings/api/schedule-settings';
import { UnsubscribeConfirm } from '@/features/settings/components/unsubscribe-confirm';

/** /unsubscribe/schedule/{token}: a schedule e-mail's "stop these e-mails" link. */
export function Component() {
  const unsubscribe = useScheduleUnsubscribe(useParams().token ?? '');
  return (
    <UnsubscribeConfirm
      unsubscribe={unsubscribe}
      kind="schedule e-mails"
      description="We e-mail you when a game or practice is added, moved or cancelled, and a reminder before it starts. Stop these e-mails for your account? The team schedule still shows everything."
      icon={CalendarX2Icon}
      note="Your calendar subscription keeps working: it is not an e-mail."
    />
  );
}
