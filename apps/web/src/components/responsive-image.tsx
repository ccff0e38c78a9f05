import type { UserImage } from '@app/contracts/profiles';
import { useState } from 'react';

import { cn } from '@/lib/utils';

type ResponsiveImageProps = {
  image: Pick<UserImage, 'sources' | 'srcset' | 'placeholder' | 'width' | 'height'>;
  /** How wide the picture shows, for the browser to choose from `srcset` (`(min-width: 1024px) 50vw, 100vw`). */
  sizes: string;
  alt: string;
  /** Sizes the frame (the picture fills it, cropped). */
  className?: string;
  /** The picture is above the fold (hero, avatar): load it first. */
  priority?: boolean;
};

/**
 * An uploaded picture that never makes the page jump: its frame has its size before anything loads,
 * the tiny blurred placeholder is painted in it at once (inline data URL), and the real picture
 * (the size the browser picks from `srcset`) fades in over it.
 */
export function ResponsiveImage({ image, sizes, alt, className, priority = false }: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = image.placeholder ? `url("${image.placeholder}")` : undefined;
  return (
    <div className={cn('bg-muted relative overflow-hidden', className)}>
      {/* The 16 px placeholder, blurred so it reads as a soft preview rather than as pixels. */}
      {placeholder ? <div aria-hidden="true" className="absolute inset-0 scale-110 bg-cover bg-center blur-lg" style={{ backgroundImage: placeholder }} /> : null}
      {image.sources ? (
        <img
          src={image.sources.full}
          srcSet={image.srcset ?? undefined}
          sizes={sizes}
          alt={alt}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          onLoad={() => setLoaded(true)}
          // A cached picture may be complete before React attaches onLoad.
          ref={(element) => {
            if (element?.complete && element.naturalWidth > 0) setLoaded(true);
          }}
          className={cn('absolute inset-0 size-full object-cover transition-opacity duration-300', loaded ? 'opacity-100' : 'opacity-0')}
        />
      ) : null}
    </div>
  );
}
