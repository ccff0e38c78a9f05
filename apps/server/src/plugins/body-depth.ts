import type { FastifyInstance } from 'fastify';
import { jsonDepthExceeds } from '@app/contracts/json-depth';
import { AppError } from '../errors';

/** No request body of ours nests deeper than a few levels; this leaves room and stops stack overflows. */
export const BODY_MAX_DEPTH = 32;

/**
 * BODY_LIMIT bounds a body's size, not its depth: 1 MB of `[[[[...` is half a million levels, which
 * JSON.parse accepts but every recursive walk after it (zod, JSON.stringify, jose, pg) overflows on.
 * Checked once for every route, after parsing and before validation.
 */
export function registerBodyDepthLimit(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return;
    if (jsonDepthExceeds(body, BODY_MAX_DEPTH)) {
      throw new AppError('VALIDATION_FAILED', `body: Nested too deeply (at most ${BODY_MAX_DEPTH} levels)`);
    }
  });
}
