import { z } from 'zod';

/** Stable machine-readable error codes; the web client shows `message`, tests and logs key on `code`. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_SIGNATURE',
  'EXPIRED',
  'RANGE_NOT_SATISFIABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error the API returns: Fastify's own shape plus a stable `code`. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;
