import { BookmarkCheckIcon, BookmarkIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { useSaveClip } from '@/features/clips/api/save-clip';
import { errorMessage } from '@/lib/error-message';

/**
 * Save / Saved: puts someone else's clip in my library (my clips list it from then on) or takes it
 * out again. A toggle button: `aria-pressed` tells the state, the label what it is.
 */
export function SaveClipButton({ clipId, reelId, saved }: { clipId: string; reelId: string; saved: boolean }) {
  const save = useSaveClip(clipId, reelId);
  const Icon = saved ? BookmarkCheckIcon : BookmarkIcon;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        type="button"
        variant={saved ? 'secondary' : 'outline'}
        size="sm"
        aria-pressed={saved}
        disabled={save.isPending}
        title={saved ? 'Remove from my library' : 'Save to my library'}
        onClick={() => save.mutate(!saved)}
      >
        <Icon aria-hidden="true" />
        {saved ? 'Saved' : 'Save'}
      </Button>
      {save.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}
