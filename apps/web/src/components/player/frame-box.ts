import { useEffect, useState } from 'react';

/** Where the picture sits inside its element, in CSS pixels from the element's top-left corner. */
export type FrameBox = { left: number; top: number; width: number; height: number };

type Size = { width: number; height: number };

/**
 * The box `object-fit: contain` gives a `media`-sized picture in an `element`-sized box: scaled to
 * fit whole, centred, with bars on two sides (letterboxing or pillarboxing). Null until both sizes
 * are known (before the metadata loads the element has no picture).
 */
export function containedFrame(element: Size, media: Size): FrameBox | null {
  if (!(element.width > 0 && element.height > 0 && media.width > 0 && media.height > 0)) return null;
  const scale = Math.min(element.width / media.width, element.height / media.height);
  const width = media.width * scale;
  const height = media.height * scale;
  return { left: (element.width - width) / 2, top: (element.height - height) / 2, width, height };
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** A point of the element (px from its top-left) as a fraction of the frame, kept inside the frame. */
export function toFrame(x: number, y: number, box: FrameBox): [number, number] {
  return [clamp01((x - box.left) / box.width), clamp01((y - box.top) / box.height)];
}

/** A point given as a fraction of the frame, in px of the element. */
export function fromFrame([fx, fy]: readonly [number, number], box: FrameBox): { x: number; y: number } {
  return { x: box.left + fx * box.width, y: box.top + fy * box.height };
}

function sameBox(a: FrameBox, b: FrameBox): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/**
 * The displayed frame of a <video> shown with `object-fit: contain`, followed as the element
 * resizes (a window resize, fullscreen, a phone turned) and as its picture changes size (a new
 * source, another rendition). While a new source loads (renewed URLs, another quality) the picture's
 * size is briefly unknown: the last box stays, so what is drawn over it stays too.
 */
export function useFrameBox(video: HTMLVideoElement | null): FrameBox | null {
  const [measured, setMeasured] = useState<{ video: HTMLVideoElement; box: FrameBox } | null>(null);
  useEffect(() => {
    if (!video) return;
    const measure = () => {
      const next = containedFrame({ width: video.clientWidth, height: video.clientHeight }, { width: video.videoWidth, height: video.videoHeight });
      if (next) setMeasured((current) => (current?.video === video && sameBox(current.box, next) ? current : { video, box: next }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(video);
    // `resize` on a media element: its picture's own size changed.
    for (const name of ['loadedmetadata', 'resize'] as const) video.addEventListener(name, measure);
    return () => {
      observer.disconnect();
      for (const name of ['loadedmetadata', 'resize'] as const) video.removeEventListener(name, measure);
    };
  }, [video]);
  // Another element (a reel's next chunk) has no box until it is measured.
  return measured && measured.video === video ? measured.box : null;
}
