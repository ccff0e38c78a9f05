import type { ErrorCode } from '@app/contracts/errors';

const defaultStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INVALID_SIGNATURE: 403,
  EXPIRED: 403,
  RANGE_NOT_SATISFIABLE: 416,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler maps it to `{ statusCode, code, error, message }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    statusCode?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode ?? defaultStatus[code];
  }
}

/**
 * The database cannot be reached, said by a service that knows it without a failed query of its own
 * (live playback while it serves from memory): answered like a failed query, 503 with a retry hint.
 */
export class DatabaseUnavailableError extends AppError {
  static readonly MESSAGE = 'The database is not reachable. Try again in a moment.';
  constructor() {
    super('INTERNAL', DatabaseUnavailableError.MESSAGE, 503);
  }
}
