import { CircleAlertIcon, CircleCheckIcon, Loader2Icon, RotateCcwIcon, Trash2Icon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import {
  COMPLETE_MESSAGE,
  FAILED_MESSAGE,
  RECORDING_MESSAGE,
  UploadProgress,
  uploadingMessage,
} from '@/features/upload/utils/upload-progress';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

type UploadStatusProps = {
  recording: boolean;
  progress: UploadProgress;
  count: number;
  percent: number;
  error: unknown;
  /** The file that failed, named on its Remove button. */
  failedFile?: string | undefined;
  onRetry: () => void;
  onRemove: () => void;
};

/** The message bar under the camera: recording, upload progress, done, or failed. */
export function UploadStatus({ recording, progress, count, percent, error, failedFile, onRetry, onRemove }: UploadStatusProps) {
  const failed = progress === UploadProgress.failed;
  const message = recording
    ? RECORDING_MESSAGE
    : progress === UploadProgress.uploading
      ? uploadingMessage(count, percent)
      : progress === UploadProgress.complete
        ? COMPLETE_MESSAGE
        : failed
          ? FAILED_MESSAGE
          : null;

  return (
    // Always in the document, so screen readers announce each new message in it.
    <div role={failed ? 'alert' : 'status'} aria-live={failed ? 'assertive' : 'polite'} className={cn(!message && 'sr-only')}>
      {message ? (
        <div
          className={cn(
            'bg-card flex flex-col gap-2 rounded-xl border p-4 text-sm',
            failed && 'border-destructive/40 text-destructive',
          )}
        >
          <p className="flex items-start gap-2 font-medium">
            {recording ? (
              <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 animate-pulse rounded-full bg-red-600" />
            ) : progress === UploadProgress.uploading ? (
              <Loader2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
            ) : progress === UploadProgress.complete ? (
              <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
            ) : (
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>{message}</span>
          </p>
          {!recording && (progress === UploadProgress.uploading || progress === UploadProgress.complete) ? (
            <Progress
              value={progress === UploadProgress.complete ? 100 : percent}
              label="Upload progress"
              className="h-2"
              barClassName="duration-300"
            />
          ) : null}
          {failed && !recording ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-muted-foreground">{errorMessage(error)}</span>
              <span className="flex gap-2">
                <Button variant="outline" size="sm" onClick={onRetry}>
                  <RotateCcwIcon aria-hidden="true" /> Try again
                </Button>
                <Button variant="outline" size="sm" onClick={onRemove} aria-label={failedFile ? `Remove ${failedFile}` : 'Remove'}>
                  <Trash2Icon aria-hidden="true" /> Remove
                </Button>
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
