import { AVATAR_DISPLAY_SIZE, type ImageTag, type UserImage } from '@app/contracts/profiles';
import type { ImageVariant } from '../../db/stored-media';
import type { ImageRow } from './images.repo';

/**
 * The stable address of one size: `GET /api/images/{id}/{size}.webp` redirects to a short-lived
 * storage link, so the address can be kept (users.image, a cached card) while the link behind it
 * changes. The original upload has no address.
 */
export const imagePath = (id: string, size: string) => `/api/images/${id}/${size}.webp`;

/** What `users.image` holds for an avatar. */
export const avatarPath = (id: string) => imagePath(id, String(AVATAR_DISPLAY_SIZE));

const largest = (variants: ImageVariant[]) => variants.reduce<ImageVariant | undefined>((a, b) => (!a || b.width * b.height > a.width * a.height ? b : a), undefined);

/** What the API shows of an image row. */
export type ImageView = Pick<ImageRow, 'id' | 'tag' | 'status' | 'failure' | 'variants' | 'placeholder' | 'createdAt'>;

/** An image row as the API shows it to its owner and teammates. */
export function toUserImage(row: ImageView): UserImage {
  const full = largest(row.variants);
  const ready = row.status === 'ready' && full !== undefined;
  // One entry per distinct width: a small source gives several sizes of the same width.
  const widths = new Map<number, string>();
  for (const v of row.variants) if (!widths.has(v.width)) widths.set(v.width, imagePath(row.id, v.name));
  return {
    _id: row.id,
    tag: row.tag as ImageTag,
    hero: row.tag === 'hero',
    avatar: row.tag === 'avatar',
    status: row.status as UserImage['status'],
    ...(row.failure && { error: row.failure }),
    width: ready ? full.width : null,
    height: ready ? full.height : null,
    sources: ready ? { ...Object.fromEntries(row.variants.map((v) => [v.name, imagePath(row.id, v.name)])), full: imagePath(row.id, full.name) } : null,
    srcset: ready ? [...widths].map(([w, path]) => `${path} ${w}w`).join(', ') : null,
    placeholder: ready ? row.placeholder : null,
    createdAt: row.createdAt.toISOString(),
  };
}
