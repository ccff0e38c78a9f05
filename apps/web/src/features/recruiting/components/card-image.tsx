import type { CardImage as CardImageData } from '@app/contracts/recruiting';

import { cn } from '@/lib/utils';

type CardImageProps = {
  image: CardImageData;
  /** The displayed width, for the browser to pick a size from `srcset`. */
  sizes: string;
  alt?: string;
  className?: string;
  eager?: boolean;
};

/** One of the card's images: its sizes for the browser to choose, the blurred placeholder painted first. */
export function CardImage({ image, sizes, alt = '', className, eager = false }: CardImageProps) {
  return (
    <img
      src={image.sources.full}
      srcSet={image.srcset}
      sizes={sizes}
      alt={alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' } : undefined}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
