/** Upload progress 0 idle, 1 uploading, 2 complete (the page moves on after 1 s), 3 failed. */
export const UploadProgress = { idle: 0, uploading: 1, complete: 2, failed: 3 } as const;
export type UploadProgress = (typeof UploadProgress)[keyof typeof UploadProgress];

/** The page moves on 1 s after an upload completes. */
export const RELOAD_AFTER_UPLOAD_MS = 1000;

/** Product texts, word for word (docs/product.md#messages-and-failures). */
export const RECORDING_MESSAGE = 'Recording...';
export const COMPLETE_MESSAGE = 'Your upload is complete! Refreshing the page...';
export const FAILED_MESSAGE = 'There was a problem with your upload.';
export function uploadingMessage(count: number, percent: number): string {
  return `Uploading ${count} videos... ${percent}% done. Please keep this window open...`;
}

export type FileProgress = { loaded: number; total: number };

/**
 * Progress over all files by bytes (a 2 GB game and a 5 MB clip are not half and half), as a whole
 * percent. Rounded down, so 100 only shows once every byte is sent; bytes beyond a file's size
 * (some browsers count request headers) do not count.
 */
export function overallPercent(files: readonly FileProgress[]): number {
  let loaded = 0;
  let total = 0;
  for (const file of files) {
    const size = Math.max(0, file.total);
    total += size;
    loaded += Math.min(size, Math.max(0, file.loaded));
  }
  if (total === 0) return 0;
  return Math.floor((loaded / total) * 100);
}
