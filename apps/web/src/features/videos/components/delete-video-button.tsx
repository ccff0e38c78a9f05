import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useDeleteVideo } from '@/features/videos/api/delete-video';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

type DeleteVideoButtonProps = {
  videoKey: string;
  /** Named in the question, so the owner knows which video goes. */
  title: string;
  /** After the server deleted it (e.g. leave the video's page). */
  onDeleted?: () => void;
  /**
   * false: one click removes it, labelled Remove. Only for videos that failed to process: nothing
   * in them can be lost.
   */
  confirm?: boolean;
  className?: string;
};

/** Delete with a confirmation step (deleting cannot be undone); shown to the owner only, the server checks it too. */
export function DeleteVideoButton({ videoKey, title, onDeleted, confirm = true, className }: DeleteVideoButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVideo();
  const run = () => remove.mutate(videoKey, { onSuccess: () => onDeleted?.() });

  if (!confirm) {
    return (
      <span className={cn('flex flex-col gap-1', className)}>
        <Button type="button" variant="outline" size="sm" aria-label={`Remove ${title}`} disabled={remove.isPending} onClick={run}>
          <Trash2Icon aria-hidden="true" /> {remove.isPending ? 'Removing...' : 'Remove'}
        </Button>
        {remove.isError ? <span className="text-destructive text-xs">{errorMessage(remove.error)}</span> : null}
      </span>
    );
  }
  if (!confirming) {
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Delete ${title}`}
        title="Delete video"
        className={className}
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Delete ${title}?`}
      className={cn('bg-card text-card-foreground flex flex-col gap-2 rounded-lg border p-3 text-sm shadow-sm', className)}
    >
      <p>Delete &ldquo;{title}&rdquo;? This cannot be undone.</p>
      {remove.isError ? <p className="text-destructive">{errorMessage(remove.error)}</p> : null}
      <div className="flex gap-2">
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={remove.isPending}
          onClick={run}
        >
          {remove.isPending ? 'Deleting...' : 'Delete video'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
