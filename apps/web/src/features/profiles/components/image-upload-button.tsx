import type { ImageTag } from '@app/contracts/profiles';
import { Loader2Icon } from 'lucide-react';
import { useId } from 'react';

import { useImageUpload, type UploadState } from '@/features/profiles/hooks/use-image-upload';
import { cn } from '@/lib/utils';

// iPhones hand over HEIC unless the picker converts; some browsers give it no image/* type, so name it too.
const ACCEPT = 'image/*,.heic,.heif';

type ImageUploadButtonProps = {
  tag: ImageTag;
  /** The accessible name and visible text ("Upload avatar"). */
  label: string;
  icon: React.ReactNode;
  /** Only the icon shows (the label stays the accessible name). */
  iconOnly?: boolean;
  className?: string;
  /** Where the progress and any refusal show; by default under the button. */
  statusClassName?: string;
};

/** What the button says while its upload runs. */
export function uploadStatusText(state: UploadState): string | null {
  switch (state.phase) {
    case 'converting':
      return 'Converting the photo…';
    case 'uploading':
      return `Uploading… ${state.percent}%`;
    case 'processing':
      return 'Processing…';
    case 'failed':
      return state.message;
    default:
      return null;
  }
}

/**
 * A picture picker for one image of a kind (one file: hero, avatar and logo take one; photos one at a
 * time): the upload's progress, then 'Processing…' until the server has it ready, or its refusal.
 */
export function ImageUploadButton({ tag, label, icon, iconOnly = false, className, statusClassName }: ImageUploadButtonProps) {
  const inputId = useId();
  const { state, upload, busy } = useImageUpload(tag);
  const status = uploadStatusText(state);

  return (
    <>
      <label
        htmlFor={inputId}
        aria-disabled={busy || undefined}
        className={cn(
          'focus-within:ring-ring/50 inline-flex cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium shadow-sm transition-colors focus-within:ring-[3px]',
          busy && 'pointer-events-none opacity-80',
          className,
        )}
      >
        {busy ? <Loader2Icon aria-hidden="true" className="size-4 animate-spin" /> : icon}
        <span className={cn(iconOnly && 'sr-only')}>{label}</span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file may be picked again after a refusal
            if (file) void upload(file);
          }}
        />
      </label>
      {status ? (
        <p
          role={state.phase === 'failed' ? 'alert' : 'status'}
          className={cn('text-xs', state.phase === 'failed' ? 'text-destructive' : 'text-muted-foreground', statusClassName)}
        >
          {status}
        </p>
      ) : null}
    </>
  );
}
