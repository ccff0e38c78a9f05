import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

type ConfirmDeleteButtonProps = {
  /** What goes, for screen readers ("message", "reply"). */
  what: string;
  pending: boolean;
  error: unknown;
  onDelete: () => void;
};

/** A small Delete that asks once more (deleting cannot be undone), then shows the failure if any. */
export function ConfirmDeleteButton({ what, pending, error, onDelete }: ConfirmDeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <span className="flex flex-col items-end gap-1">
      {confirming ? (
        <span role="group" aria-label={`Delete this ${what}?`} className="flex items-center gap-1">
          <span className="text-muted-foreground text-xs">Delete?</span>
          <Button type="button" variant="destructive" size="sm" disabled={pending} onClick={onDelete}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
          <Button type="button" variant="ghost" size="sm" disabled={pending} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button type="button" variant="ghost" size="icon-sm" aria-label={`Delete ${what}`} title={`Delete ${what}`} onClick={() => setConfirming(true)}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      )}
      {error ? <span className="text-destructive text-xs">{errorMessage(error)}</span> : null}
    </span>
  );
}
