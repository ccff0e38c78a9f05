import { isInputError, type MediaErrorCode } from '@app/media/media-error';

/** Shown after the last retry of a job that kept failing for reasons other than the file. */
export const GENERIC_FAILURE = 'Processing failed. Please try again or upload the file again.';

export const MISSING_SOURCE = 'The uploaded file could not be found. Upload the file again.';

/** What the library shows for each way an input can be unusable (packages/media's input error codes). */
const INPUT_REASONS: Partial<Record<MediaErrorCode, string>> = {
  EMPTY_FILE: 'The file is empty.',
  NOT_MEDIA: 'This file is not a video we can play (no video stream).',
  NO_VIDEO: 'This is an audio file. Upload a video file.',
  IMAGE: 'Images are not videos. Upload a video file.',
  DAMAGED: 'The file is damaged or incomplete.',
  UNSUPPORTED: 'This video uses a format we cannot convert. Export it as MP4 (H.264) and upload it again.',
};

/** The reason to store when `error` says the input itself is unusable; null for anything worth a retry. */
export function inputFailureReason(error: unknown): string | null {
  if (!isInputError(error)) return null;
  return INPUT_REASONS[error.code] ?? error.reason;
}
