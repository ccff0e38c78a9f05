import Hls, { type LevelDetails } from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';

import { LIVE_MAX_LATENCY_SECONDS, liveHlsConfig } from '@/components/player/live-hls-config';
import { tokenOf, type TimedFragment } from '@/components/player/live-timing';
import { playNatively } from '@/components/player/native-hls';
import { sameMedia } from '@/components/player/sources';

export type HlsTimeline = {
  fragments: TimedFragment[];
  /** Media time of the first and past the last fragment: what can be seeked (the whole game). */
  start: number;
  end: number;
  /** The playlist is still growing (no ENDLIST). */
  live: boolean;
};

const EMPTY: HlsTimeline = { fragments: [], start: 0, end: 0, live: false };

function timelineOf(details: LevelDetails): HlsTimeline {
  const fragments = details.fragments.map((f) => ({ start: f.start, duration: f.duration, programDateTime: f.programDateTime ?? null }));
  const last = fragments.at(-1);
  return { fragments, start: fragments[0]?.start ?? 0, end: last ? last.start + last.duration : 0, live: details.live };
}

/**
 * Plays an HLS playlist in a <video> with hls.js (Safari: natively), keeping what the page needs:
 * the fragments with their wall clock (clock, markers, clips), the seekable range and the live edge.
 * A new `source` of the same playlist (a renewed token) does not reload anything: later requests use
 * its token (see `liveHlsConfig`).
 */
export function useHlsPlayer({ videoRef, source }: { videoRef: React.RefObject<HTMLVideoElement | null>; source: string }) {
  const hlsRef = useRef<Hls | null>(null);
  // The newest source: its token is what hls.js requests carry, and what Safari starts again with.
  const sourceRef = useRef(source);
  const [playlist, setPlaylist] = useState(source);
  // Another playlist (another event) reloads; a renewed token of the same one does not.
  if (!sameMedia(source, playlist)) setPlaylist(source);
  const [timeline, setTimeline] = useState<HlsTimeline>(EMPTY);
  const [unsupported] = useState(() => !Hls.isSupported() && !document.createElement('video').canPlayType('application/vnd.apple.mpegurl'));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    sourceRef.current = source;
  }, [source]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || unsupported) return;
    if (!Hls.isSupported()) return playNatively(video, playlist, () => sourceRef.current, () => setFailed(true));
    const hls = new Hls(liveHlsConfig(() => tokenOf(sourceRef.current)));
    hlsRef.current = hls;
    const onDetails = (_event: string, data: { details: LevelDetails }) => setTimeline(timelineOf(data.details));
    hls.on(Hls.Events.LEVEL_LOADED, onDetails);
    hls.on(Hls.Events.LEVEL_UPDATED, onDetails);
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // Refused (no longer allowed, or gone): retrying cannot help. Anything else is a network hiccup.
      const refused = [401, 403, 404].includes(data.response?.code ?? 0);
      if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !refused) hls.startLoad();
      else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else setFailed(true);
    });
    hls.loadSource(playlist);
    hls.attachMedia(video);
    return () => {
      hls.destroy();
      hlsRef.current = null;
    };
  }, [playlist, unsupported, videoRef]);

  /**
   * DVR: while the viewer watches the past, hls.js must not pull them back to the edge (it jumps
   * when more than `liveMaxLatencyDuration` behind). hls.js reads its config object on every check,
   * so relaxing it here takes effect at once; going live restores the low-latency bound.
   */
  const setDvr = useCallback((dvr: boolean) => {
    const hls = hlsRef.current;
    if (hls) hls.config.liveMaxLatencyDuration = dvr ? Number.POSITIVE_INFINITY : LIVE_MAX_LATENCY_SECONDS;
  }, []);

  /** The live sync point (1.5 s behind the newest frame), or the end of what is loaded. */
  const liveEdge = useCallback(() => hlsRef.current?.liveSyncPosition ?? timeline.end, [timeline.end]);

  return { timeline, unsupported, failed, setDvr, liveEdge };
}
