import type { FastifyReply } from 'fastify';

/**
 * Answers JSON that `produce` may have kept from an earlier request, made by this route's own
 * response serializer (`reply.serialize`, the contract's fields only), so a kept answer holds
 * exactly what a fresh one would. Fastify sends a string or bytes with a JSON type as they are.
 */
export async function replySerialized<T>(reply: FastifyReply, produce: (serialize: (value: T) => string) => Promise<string | Buffer>) {
  // The serializer compiler (response-serializer.ts) makes strings.
  const json = await produce((value) => reply.serialize(value) as string);
  // The route's type provider expects the object; this answer is that object, already serialized.
  return reply.type('application/json; charset=utf-8').send(json as never);
}
