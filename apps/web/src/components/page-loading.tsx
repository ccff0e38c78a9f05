import { Loader2Icon } from 'lucide-react';

import { cn } from '@/lib/utils';

/** The app's one loading state. The exact text 'Loading...' is a product text (docs/product.md#subscription-levels). */
export function PageLoading({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'text-muted-foreground flex min-h-[50vh] flex-1 items-center justify-center gap-2 text-sm',
        className,
      )}
    >
      <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
      <span>Loading...</span>
    </div>
  );
}
