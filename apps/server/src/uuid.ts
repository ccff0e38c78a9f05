const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` has the shape of a uuid (the ids of videos, uploads and clips). Anything else is simply
 * not found: never a 400 that tells ids apart, and never a query that PostgreSQL rejects.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
