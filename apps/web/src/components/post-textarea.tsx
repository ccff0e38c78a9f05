import type { ComponentProps } from 'react';

import { cn } from '@/lib/utils';

/**
 * A comment or message box: Enter posts, Shift+Enter makes a new line. An
 * `onKeyDown` of its own runs first and keeps Enter from posting by calling `preventDefault()`
 * (a completion list takes Enter to choose).
 */
export function PostTextarea({ onPost, onKeyDown, className, ...props }: ComponentProps<'textarea'> & { onPost: () => void }) {
  return (
    <textarea
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          onPost();
        }
      }}
      className={cn(
        'border-input placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 dark:bg-input/30 min-h-9 flex-1 resize-y rounded-md border bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm',
        className,
      )}
    />
  );
}
