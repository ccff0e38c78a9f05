import type { UserImage } from '@app/contracts/profiles';
import type { ReadyImageJson } from '../../db/ready-images';
import { toUserImage } from './image-view';

/** What `readyImagesJson` (db/ready-images.ts) read, as the API shows it. */
export const toReadyImages = (json: ReadyImageJson[]): UserImage[] => json.map((image) => toUserImage({ ...image, createdAt: new Date(image.createdAt) }));
