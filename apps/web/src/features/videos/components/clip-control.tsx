import { ScissorsIcon, XIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import type { ClipButtonLabel } from '@/features/videos/hooks/use-clip-button';
import type { ClipMarks } from '@/features/videos/utils/clip-range';
import { errorMessage } from '@/lib/error-message';
import { formatMediaTime } from '@/lib/media-time';

type ClipControlProps = {
  label: ClipButtonLabel;
  marks: ClipMarks;
  onClip: () => void;
  onClearMarks: () => void;
  /** Why the last clip was not made (bad marks, or the server's message). */
  error: unknown;
};

/** The Clip button with the in/out marks it will use (`i` and `o` set them; none: around the playhead). */
export function ClipControl({ label, marks, onClip, onClearMarks, error }: ClipControlProps) {
  const marked = marks.in !== null || marks.out !== null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button variant="secondary" onClick={onClip} aria-busy={label !== 'Clip'}>
        <ScissorsIcon aria-hidden="true" /> {label}
      </Button>
      <span className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {marked ? (
          <>
            In {marks.in === null ? '–' : formatMediaTime(marks.in)} · Out {marks.out === null ? '–' : formatMediaTime(marks.out)}
          </>
        ) : (
          'Press I and O to mark in and out; otherwise 10 s before to 5 s after the playhead'
        )}
      </span>
      {marked ? (
        <Button variant="ghost" size="sm" onClick={onClearMarks}>
          <XIcon aria-hidden="true" /> Clear marks
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-destructive w-full text-sm">
          {typeof error === 'string' ? error : errorMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
