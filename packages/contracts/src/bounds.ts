import { z } from 'zod';

/** The latest time a JavaScript Date can hold, in ms since the epoch: a cursor past it is no date at all. */
export const MAX_DATE_MS = 8_640_000_000_000_000;

/**
 * A paging cursor in the query: ms since the epoch, within what a date can hold, so no service ever
 * builds an invalid Date from it.
 */
export const msCursorQuery = z.coerce
  .number({ invalid_type_error: 'Expected a time in ms' })
  .int('Expected a time in ms')
  .min(0, 'Expected a time in ms')
  .max(MAX_DATE_MS, `Must be a time in ms, at most ${MAX_DATE_MS}`);

/** A numeric id in a JSON body: a whole number that JavaScript and PostgreSQL's bigint both hold exactly. */
export const safeIdNumber = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER, `Must be at most ${Number.MAX_SAFE_INTEGER}`);

/** The largest id of a PostgreSQL `serial` column (users, sessions): anything above it names nothing. */
export const MAX_SERIAL_ID = 2_147_483_647;
