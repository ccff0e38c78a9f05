import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

// A NUL is never part of an id, a key or a search: PostgreSQL refuses it in text, so it can only fail later.
const NUL = /%00|\0/;

const NUL_IN_TEXT = 'Text may not contain a NUL character';
const NUL_IN_NAME = 'A field name may not contain a NUL character';

/**
 * Where the first NUL is in a parsed body, as validation errors name a field (`body.items.0.title`), with the
 * message to give; null when there is none. A NUL in an object key names the object that holds it. Iterative,
 * since the depth limit may not have looked at the body yet.
 */
function nulInBody(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, 'body']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\0')) return `${path}: ${NUL_IN_TEXT}`;
      continue;
    }
    if (node === null || typeof node !== 'object' || Buffer.isBuffer(node)) continue;
    const entries = Object.entries(node);
    if (entries.some(([key]) => key.includes('\0'))) return `${path}: ${NUL_IN_NAME}`;
    // Reversed, so the first NUL in the order the client wrote the body is the one named.
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], `${path}.${entries[i]![0]}`]);
  }
  return null;
}

/**
 * Refuses a NUL anywhere in the path or the query (`%00`), and in any string or key of a parsed body (JSON or a
 * form), once for every route (and for unknown ones), before any route reads its input: a clear 400 naming the
 * field instead of a failed query.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (NUL.test(request.url)) throw new AppError('BAD_REQUEST', 'The address contains a NUL character (%00), which no path or query may hold.');
  });
  app.addHook('preValidation', async (request) => {
    const found = nulInBody(request.body);
    if (found) throw new AppError('VALIDATION_FAILED', found);
  });
}
