import type { UserImage } from '@app/contracts/profiles';
import { ImagePlusIcon, ImagesIcon } from 'lucide-react';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { ResponsiveImage } from '@/components/responsive-image';
import { ImageUploadButton } from '@/features/profiles/components/image-upload-button';
import { useDeleteImage } from '@/features/profiles/hooks/use-image-upload';

type PhotoGridProps = {
  photos: UserImage[];
  /** The owner's own card: add and delete photos. */
  editable?: boolean;
  /** Whose photos, for the pictures' descriptions. */
  ownerName: string;
};

/** The photos in two columns (square crops), newest first; the owner adds one at a time and deletes any. */
export function PhotoGrid({ photos, editable = false, ownerName }: PhotoGridProps) {
  const { remove, deleting, error } = useDeleteImage();
  return (
    <div className="grid gap-3">
      {editable ? (
        <div className="flex flex-col items-start gap-1">
          <ImageUploadButton tag="photo" label="Add photo" icon={<ImagePlusIcon aria-hidden="true" className="size-4" />} className="border-input bg-background hover:bg-accent h-8 border px-3" />
        </div>
      ) : null}
      {photos.length === 0 ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <ImagesIcon aria-hidden="true" className="size-4" />
          {editable ? 'No photos yet. Add game shots, team photos, awards.' : 'No photos yet.'}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={photo._id} className="relative">
              <ResponsiveImage image={photo} sizes="(min-width: 1024px) 440px, 50vw" alt={`Photo ${index + 1} of ${ownerName}`} className="aspect-square w-full rounded-lg" />
              {editable ? (
                <div className="bg-background/85 absolute top-1.5 right-1.5 rounded-md backdrop-blur">
                  <ConfirmDeleteButton what="photo" pending={deleting === photo._id} error={null} onDelete={() => void remove(photo)} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
