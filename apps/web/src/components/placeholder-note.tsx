import { cn } from '@/lib/utils';

/** A quiet dashed note inside a card: where a form or list will sit. */
export function PlaceholderNote({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm text-balance',
        className,
      )}
    >
      {children}
    </p>
  );
}
