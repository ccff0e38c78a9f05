import { MailXIcon } from 'lucide-react';
import { useParams } from 'react-router';

import { useUnsubscribe } from '@/features/settings/api/unsubscribe';
import { UnsubscribeConfirm } from '@/features/settings/components/unsubscribe-confirm';

/** /unsubscribe/{token}: a notification e-mail's "stop these e-mails" link. */
export function Component() {
  const unsubscribe = useUnsubscribe(useParams().token ?? '');
  return (
    <UnsubscribeConfirm
      unsubscribe={unsubscribe}
      kind="notification e-mails"
      description="We e-mail you mentions and messages you have not read after a while. Stop these e-mails for your account? You will still see every notification in the app."
      icon={MailXIcon}
      note="Sign-in links, codes and invitations are still sent: they are not notifications."
    />
  );
}
