export type MediaErrorCode =
  | 'NOT_FOUND'
  | 'NOT_MEDIA'
  | 'NO_VIDEO'
  | 'EMPTY_FILE'
  /** A still image (PNG, JPEG, ...), not a video. */
  | 'IMAGE'
  /** A media container we recognise, but truncated or corrupt. */
  | 'DAMAGED'
  /** A video whose codec our ffmpeg cannot decode. */
  | 'UNSUPPORTED'
  | 'FFMPEG_FAILED'
  | 'ABORTED'
  | 'TIMEOUT';

const DEFAULT_REASONS: Record<MediaErrorCode, string> = {
  NOT_FOUND: 'The file could not be found.',
  NOT_MEDIA: 'The file is not a video we can read.',
  NO_VIDEO: 'The file has no video stream (audio only).',
  EMPTY_FILE: 'The file is empty.',
  IMAGE: 'The file is an image, not a video.',
  DAMAGED: 'The file is damaged or incomplete.',
  UNSUPPORTED: 'The video uses a format we cannot decode.',
  FFMPEG_FAILED: 'Processing the video failed.',
  ABORTED: 'Processing was cancelled.',
  TIMEOUT: 'Processing took too long and was stopped.',
};

export interface MediaErrorOptions {
  /** Text safe to show to an end user; defaults to a generic sentence per code. */
  reason?: string;
  cause?: unknown;
  exitCode?: number | null;
  stderr?: string;
}

/**
 * `message` is for logs (may contain paths and ffmpeg output); `reason` is for people.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly code: MediaErrorCode;
  readonly reason: string;
  readonly exitCode: number | null;
  readonly stderr: string;

  constructor(code: MediaErrorCode, message: string, options: MediaErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.reason = options.reason ?? DEFAULT_REASONS[code];
    this.exitCode = options.exitCode ?? null;
    this.stderr = options.stderr ?? '';
  }
}

export function isMediaError(value: unknown, code?: MediaErrorCode): value is MediaError {
  return value instanceof MediaError && (code === undefined || value.code === code);
}

/**
 * Codes that describe the input file itself: processing it again gives the same answer, so a job
 * should record the failure instead of retrying. FFMPEG_FAILED, ABORTED, TIMEOUT and NOT_FOUND are
 * about the machine (disk, memory, a kill, a missing temp file) and are worth a retry.
 */
const INPUT_ERROR_CODES: ReadonlySet<MediaErrorCode> = new Set(['NOT_MEDIA', 'NO_VIDEO', 'EMPTY_FILE', 'IMAGE', 'DAMAGED', 'UNSUPPORTED']);

export function isInputError(value: unknown): value is MediaError {
  return value instanceof MediaError && INPUT_ERROR_CODES.has(value.code);
}
