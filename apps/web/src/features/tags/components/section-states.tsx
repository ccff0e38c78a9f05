import { Loader2Icon, RefreshCwIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';

/** A panel's own loading line (the page around it is already there). */
export function SectionLoading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
      <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> {children}
    </p>
  );
}

/** A panel's read that failed: the server's message and Try again. */
export function SectionFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}
