import { CircleCheckIcon } from 'lucide-react';

import { Alert, AlertTitle } from '@/components/ui/alert';

/**
 * A confirmation after an action ("Invitation sent"). The status region stays mounted so screen
 * readers announce each new message; the Alert inside only draws it.
 */
export function SuccessNotice({ message }: { message: string | null }) {
  return (
    <div role="status" className="empty:hidden">
      {message ? (
        <Alert role="none" className="border-green-600/40">
          <CircleCheckIcon aria-hidden="true" className="text-green-700 dark:text-green-400" />
          <AlertTitle className="line-clamp-none">{message}</AlertTitle>
        </Alert>
      ) : null}
    </div>
  );
}
