import { and, asc, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import { userImages } from './schema';

/**
 * A profile's images in SQL, for the images module's repository and the users module's sign-in read,
 * which reads them in the statement that reads the user row. The images module owns every write.
 */

/** The images a user's profile shows: the ready ones; the logo is the team's. */
export const readyImagesOf = (userId: AnyColumn | number) => and(eq(userImages.userId, userId), eq(userImages.status, 'ready'), ne(userImages.tag, 'logo'));

/** Profile order: hero, avatar, then the photos newest first. */
export const readyImagesOrder = [sql`CASE ${userImages.tag} WHEN 'hero' THEN 0 WHEN 'avatar' THEN 1 ELSE 2 END`, desc(userImages.createdAt), asc(userImages.id)];

/** One image as `readyImagesJson` reads it (JSON has no dates). */
export type ReadyImageJson = Pick<typeof userImages.$inferSelect, 'id' | 'tag' | 'status' | 'failure' | 'variants' | 'placeholder'> & { createdAt: string };

/**
 * The same images as one JSON array (`[]` for none, or for no user), for a query that reads them in
 * the statement that reads the user row: `GET /api/user/me` signs in and answers in one round trip.
 */
export const readyImagesJson = (userId: AnyColumn) =>
  sql<ReadyImageJson[]>`coalesce((
    SELECT json_agg(json_build_object(
      'id', ${userImages.id}, 'tag', ${userImages.tag}, 'status', ${userImages.status}, 'failure', ${userImages.failure},
      'variants', ${userImages.variants}, 'placeholder', ${userImages.placeholder}, 'createdAt', ${userImages.createdAt}
    ) ORDER BY ${sql.join(readyImagesOrder, sql`, `)})
    FROM ${userImages} WHERE ${readyImagesOf(userId)}
  ), '[]'::json)`;
