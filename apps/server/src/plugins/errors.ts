import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@app/contracts/errors';
import type { ErrorCode } from '@app/contracts/errors';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError, DatabaseUnavailableError } from '../errors';

function body(statusCode: number, code: ErrorCode | string, message: string): ErrorBody {
  return { statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Fastify's own errors that reach clients, mapped to our stable codes and plain messages. */
const fastifyCodes: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is empty but Content-Type is application/json.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Request body does not match its Content-Length.' },
  FST_ERR_RATE_LIMIT: { code: 'RATE_LIMITED' },
};

/** A database outage passes (the embedded one is restarted within seconds): clients are told to retry, not that we failed. */
const RETRY_AFTER_SEC = '5';

const DISK_FULL = 'The server has run out of disk space. Try again later.';

/** The disk (or the user's quota) is full: the operator must act, and the user should know it is not their file. */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

export function toErrorBody(err: FastifyError | Error): ErrorBody {
  if (err instanceof AppError) return body(err.statusCode, err.code, err.message);
  if (isDatabaseUnavailable(err)) return body(503, 'INTERNAL', DatabaseUnavailableError.MESSAGE);
  if (isDiskFull(err)) return body(507, 'INTERNAL', DISK_FULL);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const messages = err.validation.map((v) => {
      const where = [err.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.');
      return `${where}: ${v.message}`;
    });
    return body(400, 'VALIDATION_FAILED', messages.join('; '));
  }
  const fe = err as FastifyError;
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  const known = fe.code ? fastifyCodes[fe.code] : undefined;
  if (known) return body(status, known.code, known.message ?? fe.message);
  // JSON.parse errors carry statusCode 400 but no FST code.
  if (status === 400 && err instanceof SyntaxError) return body(400, 'INVALID_JSON', 'Request body is not valid JSON.');
  if (status < 500) return body(status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', fe.message);
  return body(status, 'INTERNAL', 'Something went wrong on our side. Please try again.');
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const payload = toErrorBody(err);
    if (isDatabaseUnavailable(err) || err instanceof DatabaseUnavailableError) {
      // One line, no stack: during an outage every request ends here.
      request.log.warn({ reason: err.message }, 'request failed: the database is not reachable');
      void reply.header('retry-after', RETRY_AFTER_SEC);
    } else if (payload.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: payload.code, message: payload.message }, 'request rejected');
    return reply.status(payload.statusCode).type('application/json').send(payload);
  });
}

export function notFoundBody(request: FastifyRequest): ErrorBody {
  return body(404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
}
