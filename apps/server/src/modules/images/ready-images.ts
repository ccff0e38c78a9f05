import { and, asc, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { UserImage } from '@app/contracts/profiles';
import { userImages } from '../../db/schema';
import { toUserImage, type ImageView } from './image-view';

/** The images a user's profile shows: the ready ones; the logo is the team's. */
export const readyImagesOf = (userId: AnyColumn | number) => and(eq(userImages.userId, userId), eq(userImages.status, 'ready'), ne(userImages.tag, 'logo'));

/** Profile order: hero, avatar, then the photos newest first. */
export const readyImagesOrder = [sql`CASE ${userImages.tag} WHEN 'hero' THEN 0 WHEN 'avatar' THEN 1 ELSE 2 END`, desc(userImages.createdAt), asc(userImages.id)];

type ImageJson = Omit<ImageView, 'createdAt'> & { createdAt: string };

/**
 * The same images as one JSON array (`[]` for none, or for no user), for a query that reads them in
 * the statement that reads the user row: `GET /api/user/me` signs in and answers in one round trip.
 */
export const readyImagesJson = (userId: AnyColumn) =>
  sql<ImageJson[]>`coalesce((
    SELECT json_agg(json_build_object(
      'id', ${userImages.id}, 'tag', ${userImages.tag}, 'status', ${userImages.status}, 'failure', ${userImages.failure},
      'variants', ${userImages.variants}, 'placeholder', ${userImages.placeholder}, 'createdAt', ${userImages.createdAt}
    ) ORDER BY ${sql.join(readyImagesOrder, sql`, `)})
    FROM ${userImages} WHERE ${readyImagesOf(userId)}
  ), '[]'::json)`;

/** What `readyImagesJson` read, as the API shows it. */
export const toReadyImages = (json: ImageJson[]): UserImage[] => json.map((image) => toUserImage({ ...image, createdAt: new Date(image.createdAt) }));
