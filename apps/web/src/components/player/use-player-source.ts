import { useEffect, useRef, useState } from 'react';

import { clampTime } from '@/components/player/markers';
import { availableQualities, defaultQuality, sameMedia, type PlayerSources, type Quality } from '@/components/player/sources';
import { MEDIA_RENEW_BEFORE_MS } from '@/lib/media-renewal';

/** Minimum time between two "fetch new URLs" requests after errors, so a broken file cannot loop. */
const SOURCE_RETRY_MS = 10_000;

/**
 * Which file the <video> plays: the quality the viewer chose (or the best one there is), a switch
 * of quality or of URL that keeps the position and play state, and recovery from a source that
 * failed (an expired signed URL: `onSourceError` lets the page fetch new ones). URLs that expire
 * (`expiresAt`) are renewed before they do: the page fetches new ones MEDIA_RENEW_BEFORE_MS ahead,
 * and a new signature of the playing file is taken then, at the same position and play state.
 */
export function usePlayerSource({
  sources,
  expiresAt,
  videoRef,
  onSourceError,
}: {
  sources: PlayerSources;
  /** ISO 8601: when the URLs in `sources` stop working. */
  expiresAt?: string | null | undefined;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  onSourceError?: () => void;
}) {
  const [chosenQuality, setChosenQuality] = useState<Quality | null>(null);
  const qualities = availableQualities(sources);
  // A choice the viewer made wins while that rendition exists; otherwise the best one (so a video
  // watched during processing moves from preview to full by itself once full is ready).
  const quality = chosenQuality && sources[chosenQuality] ? chosenQuality : defaultQuality(sources);
  const wantedUrl = quality ? sources[quality]?.url : undefined;
  // Renditions may differ in rate (a 60 fps game has a 30 fps low): step by the frame of what plays.
  const fps = quality ? sources[quality]?.fps : undefined;

  const [src, setSrc] = useState<string | undefined>(wantedUrl);
  const [srcExpiresAt, setSrcExpiresAt] = useState(expiresAt);
  const [sourceFailed, setSourceFailed] = useState(false);
  const lastRetry = useRef(0);
  // Position and play state to restore once the new source has loaded (quality switch, new URL).
  const restore = useRef<{ time: number; playing: boolean } | null>(null);

  // Follow the wanted URL, but not a mere re-signing of the same file (see `sameMedia`), unless the
  // current URL failed or is about to expire: then the fresh signature is exactly what is needed.
  useEffect(() => {
    if (!wantedUrl) return;
    if (src !== undefined && sameMedia(src, wantedUrl) && !sourceFailed && !renewalDue(srcExpiresAt, expiresAt)) return;
    if (src === wantedUrl) return;
    const video = videoRef.current;
    if (video && src !== undefined) restore.current = { time: video.currentTime, playing: !video.paused || restore.current?.playing === true };
    // Synchronous on purpose: the position is read from the <video> (outside React) in the same step
    // that switches the source, so no frame plays the new file from 0.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSourceFailed(false);
    setSrc(wantedUrl);
    setSrcExpiresAt(expiresAt);
  }, [wantedUrl, expiresAt, src, srcExpiresAt, sourceFailed, videoRef]);

  /** On `loadedmetadata`: back to where the previous source was, playing if it played. */
  function resumeAfterLoad(video: HTMLVideoElement, { onTime, play }: { onTime: (t: number) => void; play: () => void }) {
    const pending = restore.current;
    restore.current = null;
    if (pending) {
      video.currentTime = clampTime(pending.time, video.duration);
      onTime(video.currentTime);
      if (pending.playing) play();
    }
  }

  function onError(event: React.SyntheticEvent<HTMLVideoElement>) {
    const video = event.currentTarget;
    if (!video.error) return;
    restore.current = { time: video.currentTime, playing: false };
    const now = Date.now();
    if (onSourceError && now - lastRetry.current > SOURCE_RETRY_MS) {
      lastRetry.current = now;
      setSourceFailed(true);
      onSourceError();
    } else {
      setSourceFailed(true);
    }
  }

  return { src, quality, qualities, chooseQuality: setChosenQuality, fps, sourceFailed, resumeAfterLoad, onError };
}

/** A renewed URL is due when the playing one expires within MEDIA_RENEW_BEFORE_MS and the new one lives longer. */
function renewalDue(current: string | null | undefined, renewed: string | null | undefined): boolean {
  if (!current || !renewed) return false;
  const until = Date.parse(current);
  return Date.parse(renewed) > until && until - Date.now() <= MEDIA_RENEW_BEFORE_MS;
}
