import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { AppError } from '../../src/errors';

/** The same AppError -> `{ statusCode, code, error, message }` mapping as the app, for apps built in storage tests. */
export function registerStorageTestErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, _request, reply) => {
    const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    const code = err instanceof AppError ? err.code : statusCode === 404 ? 'NOT_FOUND' : statusCode < 500 ? 'BAD_REQUEST' : 'INTERNAL';
    return reply
      .status(statusCode)
      .type('application/json')
      .send({ statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message: err.message });
  });
}
