import type { ProfileMe } from '@app/contracts/profiles';
import { CameraIcon, ImagePlusIcon } from 'lucide-react';

import { ResponsiveImage } from '@/components/responsive-image';
import { ImageUploadButton } from '@/features/profiles/components/image-upload-button';
import { avatarOf, heroOf } from '@/features/profiles/utils/card-data';
import { initialsOf } from '@/lib/initials';

const pickButton = 'border-input bg-background hover:bg-accent h-8 border px-3';

/** Edit Profile's hero and avatar: what shows now, and one picture each to replace it. */
export function ProfilePictures({ me }: { me: ProfileMe }) {
  const hero = heroOf(me.images);
  const avatar = avatarOf(me.images);
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-2">
        <p className="text-sm font-medium">Hero image</p>
        {hero ? (
          <ResponsiveImage image={hero} sizes="(min-width: 640px) 480px, 100vw" alt="Your hero image" className="aspect-[3/1] w-full rounded-lg" />
        ) : (
          <div className="text-muted-foreground flex aspect-[3/1] items-center justify-center rounded-lg border border-dashed text-sm">A wide action shot works best</div>
        )}
        <div className="flex flex-col items-start gap-1">
          <ImageUploadButton tag="hero" label={hero ? 'Change hero' : 'Upload hero'} icon={<ImagePlusIcon aria-hidden="true" className="size-4" />} className={pickButton} />
        </div>
      </div>
      <div className="grid content-start gap-2">
        <p className="text-sm font-medium">Avatar</p>
        <div className="bg-muted size-24 overflow-hidden rounded-full">
          {avatar ? (
            <ResponsiveImage image={avatar} sizes="96px" alt="Your avatar" className="size-full" />
          ) : (
            <span className="text-muted-foreground flex size-full items-center justify-center text-2xl font-semibold">{initialsOf(me)}</span>
          )}
        </div>
        <div className="flex flex-col items-start gap-1">
          <ImageUploadButton tag="avatar" label={avatar ? 'Change avatar' : 'Upload avatar'} icon={<CameraIcon aria-hidden="true" className="size-4" />} className={pickButton} />
        </div>
      </div>
    </div>
  );
}
