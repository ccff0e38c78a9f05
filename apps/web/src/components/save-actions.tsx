import { CheckIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

/** An editor's Save button, its 'Saved' status once the save went through, and the error when it did not. */
export function SaveActions({ save }: { save: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown } }) {
  return (
    <>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {save.isSuccess && !save.isPending ? (
          <span role="status" className="text-muted-foreground flex items-center gap-1 text-sm">
            <CheckIcon aria-hidden="true" className="size-4" /> Saved
          </span>
        ) : null}
      </div>
      {save.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </>
  );
}
