import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

// A NUL is never part of an id, a key or a search: PostgreSQL refuses it in text, so it can only fail later.
const NUL = /%00|\0/;

/**
 * Refuses a NUL (`%00`) anywhere in the path or the query, once for every route (and for unknown
 * ones), before any route reads a parameter: a clear 400 instead of a failed query.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (NUL.test(request.url)) throw new AppError('BAD_REQUEST', 'The address contains a NUL character (%00), which no path or query may hold.');
  });
}
