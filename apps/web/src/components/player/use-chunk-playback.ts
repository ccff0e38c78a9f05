import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { FIRST_LEAD_SEC, frameInterval, handoffDue, nextLead } from '@/components/player/chunk-handoff';
import { FIRST_CHUNK, nextChunk, type ChunkPlan } from '@/components/player/chunk-sequence';

type Slot = 0 | 1;
type FrameCallback = (now: number, metadata: { mediaTime: number }) => void;
type VideoFrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: FrameCallback) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};
/** The hidden element started ahead of the shown chunk's out-point, until its first frame. */
type Handoff = { slot: Slot; frameHandle: number };

/** Minimum time between two "fetch new URLs" requests after errors, so a broken file cannot loop. */
const SOURCE_RETRY_MS = 10_000;

const other = (slot: Slot): Slot => (slot === 0 ? 1 : 0);

/**
 * Gapless playback of a reel's chunks on two <video> elements: the shown one plays the current
 * chunk while the hidden one holds the next, loaded and seeked to its in-point (its first frame
 * decoded). Shortly before the current chunk's out-point (read from each presented frame's
 * `mediaTime` with requestVideoFrameCallback) the hidden one starts playing, muted, so that play()'s
 * start-up delay passes before the out-point (see chunk-handoff); the two swap in the callback of
 * its first presented frame, so that frame is painted together with the swap: no black frame, no
 * spinner, and about one frame interval between the last frame of one chunk and the first of the
 * next. Only the shown element is audible. When the next one is late, the last frame of the
 * current stays up (paused) until the next presents its first. Without
 * requestVideoFrameCallback the swap happens at the out-point (`timeupdate`), to the paused in-point.
 *
 * The elements' `src` is set here, not by React: a switch must happen in the same task as the
 * frame callback, and one element may be reused for two chunks of the same file (only a seek).
 */
export function useChunkPlayback({ plans, onSourceError }: { plans: readonly ChunkPlan[]; onSourceError?: (() => void) | undefined }) {
  const videos = useRef<[HTMLVideoElement | null, HTMLVideoElement | null]>([null, null]);
  const [active, setActive] = useState<Slot>(0);
  const [current, setCurrent] = useState(FIRST_CHUNK);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [position, setPosition] = useState(0);
  const [rate, setRate] = useState(1);
  /** The duration of each whole-file chunk's file (by chunk id), once its metadata loaded. */
  const [fileDurations, setFileDurations] = useState<Readonly<Record<string, number>>>({});
  const mutedRef = useRef(true);
  const rateRef = useRef(1);

  // The state the media callbacks read (they run outside React's render).
  const plansRef = useRef(plans);
  const activeRef = useRef<Slot>(0);
  const currentRef = useRef(FIRST_CHUNK);
  const playingRef = useRef(false);
  /** Which chunk each element holds, and whether it sits decoded at its in-point. */
  const slotChunk = useRef<[number, number]>([-1, -1]);
  const slotReady = useRef<[boolean, boolean]>([false, false]);
  /** Where an element resumes once (re)loaded, instead of the chunk's in-point (a renewed URL). */
  const resumeAt = useRef<[number | null, number | null]>([null, null]);
  /** A chunk waiting for its element before it is shown. */
  const pending = useRef<number | null>(null);
  const lastRenewal = useRef(0);
  const handoff = useRef<Handoff | null>(null);
  /** How long before the out-point the next element starts: play()'s start-up time, as last seen. */
  const leadSec = useRef(FIRST_LEAD_SEC);

  /** Stops a handoff under way; the element is then off its in-point (it played), so it is loaded again. */
  const stopHandoff = useCallback(() => {
    const started = handoff.current;
    if (!started) return null;
    handoff.current = null;
    const video = videos.current[started.slot] as VideoFrameVideo | null;
    video?.cancelVideoFrameCallback?.(started.frameHandle);
    video?.pause();
    return started.slot;
  }, []);

  const load = useCallback((slot: Slot, index: number, at: number | null = null) => {
    const video = videos.current[slot];
    const plan = plansRef.current[index];
    if (!video || !plan) return;
    if (handoff.current?.slot === slot) stopHandoff();
    slotChunk.current[slot] = index;
    slotReady.current[slot] = false;
    resumeAt.current[slot] = at;
    // The chunk's range in the file, readable from outside (the browser journeys check playback by it).
    video.dataset.in = String(plan.start);
    if (plan.end !== null) video.dataset.out = String(plan.end);
    else delete video.dataset.out;
    if (video.getAttribute('src') !== plan.url) {
      video.src = plan.url;
    } else {
      video.currentTime = at ?? plan.start;
    }
  }, [stopHandoff]);

  /** Stops a handoff under way and takes its element back to its chunk's in-point. */
  const cancelHandoff = useCallback(() => {
    const slot = stopHandoff();
    if (slot !== null) load(slot, slotChunk.current[slot]);
  }, [stopHandoff, load]);

  const startPlaying = useCallback((video: HTMLVideoElement) => {
    video.play().catch(() => {
      // Refused (no user gesture, or the source failed): show the play button again.
      playingRef.current = false;
      setPlaying(false);
    });
  }, []);

  const show = useCallback(
    (slot: Slot) => {
      const before = videos.current[activeRef.current];
      const video = videos.current[slot];
      if (slot !== activeRef.current && before) {
        before.pause();
        before.muted = true;
        // It played off its in-point: the preload below loads it again, even with the same chunk
        // (a one- or two-chunk reel).
        slotChunk.current[activeRef.current] = -1;
      }
      // Only the shown element is heard, with the user's choice (the volume is the same on both).
      if (video) video.muted = mutedRef.current;
      activeRef.current = slot;
      currentRef.current = slotChunk.current[slot];
      pending.current = null;
      setActive(slot);
      setCurrent(currentRef.current);
      setPosition(offsetIn(video, plansRef.current[currentRef.current]));
      if (video && playingRef.current) startPlaying(video);
    },
    [startPlaying],
  );

  /**
   * Starts the hidden element (holding the next chunk at its in-point) and swaps to it in the frame
   * callback of its first presented frame: flushSync commits the swap in that callback, so the
   * frame and the swap are painted in the same rendering update.
   */
  const startHandoff = useCallback(
    (slot: Slot) => {
      const video = videos.current[slot] as VideoFrameVideo | null;
      if (!video?.requestVideoFrameCallback) return;
      const started = performance.now();
      const onFrame: FrameCallback = (now) => {
        if (handoff.current?.slot !== slot) return;
        handoff.current = null;
        leadSec.current = nextLead(leadSec.current, (now - started) / 1000);
        flushSync(() => show(slot));
      };
      video.muted = true;
      handoff.current = { slot, frameHandle: video.requestVideoFrameCallback(onFrame) };
      video.play().catch(() => {
        // Refused or failed: the switch happens at the out-point instead, as without a handoff.
        if (handoff.current?.slot === slot) cancelHandoff();
      });
    },
    [show, cancelHandoff],
  );

  /**
   * Shows chunk `index`: at once when the hidden element holds it ready, else once it is. With `at`
   * (seconds into its file), from there: the hidden element seeks there first.
   */
  const goTo = useCallback(
    (index: number, at: number | null = null) => {
      if (!plansRef.current[index]) return;
      const hidden = other(activeRef.current);
      // Already starting (playing, hidden): it is shown with its first frame. Another chunk is
      // loaded in its place below.
      if (at === null && handoff.current && slotChunk.current[hidden] === index) return;
      stopHandoff();
      const url = plansRef.current[index].url;
      const holdsIt = slotChunk.current[hidden] === index && videos.current[hidden]?.getAttribute('src') === url;
      if (at === null && holdsIt && slotReady.current[hidden] && resumeAt.current[hidden] === null) return show(hidden);
      // Keep the current frame up (paused) while the chunk loads in the hidden element.
      videos.current[activeRef.current]?.pause();
      pending.current = index;
      if (at !== null || !holdsIt || resumeAt.current[hidden] !== null) load(hidden, index, at);
    },
    [load, show, stopHandoff],
  );

  const advance = useCallback(() => {
    if (pending.current !== null) return;
    goTo(nextChunk(currentRef.current, plansRef.current.length));
  }, [goTo]);

  // New plans (the reel refetched, e.g. renewed signed URLs): later loads use them; a chunk list
  // that changed underneath restarts from the first chunk.
  useEffect(() => {
    const before = plansRef.current;
    plansRef.current = plans;
    const sameChunks = before.length === plans.length && before.every((p, i) => p.id === plans[i]?.id);
    if (!sameChunks) {
      stopHandoff();
      pending.current = null;
      slotChunk.current = [-1, -1];
      load(activeRef.current, FIRST_CHUNK);
      setCurrent(FIRST_CHUNK);
      currentRef.current = FIRST_CHUNK;
    }
  }, [plans, load, stopHandoff]);

  // The hidden element preloads the chunk after the current one (with the freshest URL).
  useEffect(() => {
    if (pending.current !== null || plans.length === 0) return;
    const hidden = other(active);
    const index = nextChunk(current, plans.length);
    const url = plans[index]?.url;
    if (slotChunk.current[hidden] === index && videos.current[hidden]?.getAttribute('src') === url) return;
    load(hidden, index);
  }, [active, current, plans, load]);

  /** Starts the next chunk's element ahead of the out-point when it is ready and it is time. */
  const maybeStartHandoff = useCallback(
    (video: HTMLVideoElement, mediaTime: number, frameSec: number) => {
      const plan = plansRef.current[currentRef.current];
      const outPoint = plan?.end ?? (Number.isFinite(video.duration) ? video.duration : null);
      if (outPoint === null || handoff.current || pending.current !== null || !playingRef.current || video.paused) return;
      // The lead is wall-clock time: at double speed it spans twice the media time.
      if (!handoffDue({ mediaTime, frameSec, outPoint, leadSec: leadSec.current * rateRef.current })) return;
      const hidden = other(activeRef.current);
      const next = nextChunk(currentRef.current, plansRef.current.length);
      const ready = slotChunk.current[hidden] === next && slotReady.current[hidden] && resumeAt.current[hidden] === null;
      if (ready && videos.current[hidden]?.getAttribute('src') === plansRef.current[next]?.url) startHandoff(hidden);
    },
    [startHandoff],
  );

  /** The shown chunk reached its out-point: the next one is shown now, or its first frame is awaited. */
  const reachedOutPoint = useCallback(() => {
    if (!handoff.current) return advance();
    // Hold the last frame until the started element presents its first.
    videos.current[activeRef.current]?.pause();
  }, [advance]);

  // The shown chunk, read on each presented frame: time to start the next, or its out-point.
  useEffect(() => {
    const video = videos.current[active] as VideoFrameVideo | null;
    if (!video) return;
    const reached = (mediaTime: number) => {
      if (activeRef.current !== active) return;
      const end = plansRef.current[slotChunk.current[active]]?.end;
      if (end !== null && end !== undefined && mediaTime >= end) reachedOutPoint();
    };
    if (video.requestVideoFrameCallback && video.cancelVideoFrameCallback) {
      let handle = 0;
      let previous: number | null = null;
      const onFrame: FrameCallback = (_now, { mediaTime }) => {
        if (activeRef.current === active) maybeStartHandoff(video, mediaTime, frameInterval(previous, mediaTime));
        previous = mediaTime;
        reached(mediaTime);
        handle = video.requestVideoFrameCallback!(onFrame);
      };
      handle = video.requestVideoFrameCallback(onFrame);
      return () => video.cancelVideoFrameCallback!(handle);
    }
    const onTime = () => reached(video.currentTime);
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, [active, reachedOutPoint, maybeStartHandoff]);

  function eventsFor(slot: Slot) {
    return {
      onLoadedMetadata: (event: React.SyntheticEvent<HTMLVideoElement>) => {
        const plan = plansRef.current[slotChunk.current[slot]];
        if (!plan) return;
        const video = event.currentTarget;
        video.currentTime = resumeAt.current[slot] ?? plan.start;
        const duration = video.duration;
        if (plan.end === null && Number.isFinite(duration) && duration > 0) {
          setFileDurations((known) => (known[plan.id] === duration ? known : { ...known, [plan.id]: duration }));
        }
      },
      onSeeked: () => {
        if (slotChunk.current[slot] < 0) return;
        slotReady.current[slot] = true;
        resumeAt.current[slot] = null;
        if (pending.current !== null && slotChunk.current[slot] === pending.current && slot !== activeRef.current) return show(slot);
        const video = videos.current[slot];
        if (slot === activeRef.current && playingRef.current && video?.paused && pending.current === null) startPlaying(video);
      },
      onTimeUpdate: (event: React.SyntheticEvent<HTMLVideoElement>) => {
        if (slot === activeRef.current && pending.current === null) setPosition(offsetIn(event.currentTarget, plansRef.current[slotChunk.current[slot]]));
      },
      onEnded: () => {
        if (slot === activeRef.current) reachedOutPoint();
      },
      onError: (event: React.SyntheticEvent<HTMLVideoElement>) => {
        const video = event.currentTarget;
        const plan = plansRef.current[slotChunk.current[slot]];
        if (!video.error || !plan) return;
        // A renewed URL is already here: take it where playback was. Otherwise ask for one.
        if (video.getAttribute('src') !== plan.url) load(slot, slotChunk.current[slot], video.currentTime || null);
        else if (Date.now() - lastRenewal.current > SOURCE_RETRY_MS) {
          lastRenewal.current = Date.now();
          onSourceError?.();
        }
      },
    };
  }

  // A failed element whose chunk got a renewed URL since retries with it.
  useEffect(() => {
    for (const slot of [0, 1] as const) {
      const video = videos.current[slot];
      const plan = plans[slotChunk.current[slot]];
      if (video?.error && plan && video.getAttribute('src') !== plan.url) load(slot, slotChunk.current[slot], video.currentTime || null);
    }
  }, [plans, load]);

  const play = useCallback(() => {
    playingRef.current = true;
    setPlaying(true);
    const video = videos.current[activeRef.current];
    if (video && pending.current === null && slotReady.current[activeRef.current]) startPlaying(video);
  }, [startPlaying]);

  const pause = useCallback(() => {
    playingRef.current = false;
    setPlaying(false);
    cancelHandoff();
    videos.current[activeRef.current]?.pause();
  }, [cancelHandoff]);

  /** Plays from `offset` seconds into chunk `index` (the reel's seek bar). */
  const seekTo = useCallback(
    (index: number, offset: number) => {
      const plan = plansRef.current[index];
      if (!plan) return;
      const at = plan.start + Math.max(0, offset);
      if (index !== currentRef.current || pending.current !== null) return goTo(index, at);
      // A next chunk started ahead of the old position's out-point is taken back to its in-point.
      cancelHandoff();
      // Loaded or not yet, the shown element goes there (and plays on once there, when playing).
      load(activeRef.current, index, at);
      setPosition(at - plan.start);
    },
    [goTo, cancelHandoff, load],
  );

  const changeRate = useCallback((next: number) => {
    rateRef.current = next;
    setRate(next);
    for (const video of videos.current) if (video) playAtRate(video, next);
  }, []);

  // timeupdate fires about 4 times a second; while playing, the position follows every frame so the
  // seek bar moves smoothly.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      if (pending.current === null) setPosition(offsetIn(videos.current[activeRef.current], plansRef.current[currentRef.current]));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const toggleMute = useCallback(() => {
    mutedRef.current = !mutedRef.current;
    setMuted(mutedRef.current);
    // The hidden element stays muted (it may be starting ahead of a switch); show() passes it on.
    const video = videos.current[activeRef.current];
    if (video) video.muted = mutedRef.current;
  }, []);

  // Stable ref callbacks: a new one each render would run again (and reset the volume).
  const attachFirst = useCallback((element: HTMLVideoElement | null) => attach(videos.current, 0, element), []);
  const attachSecond = useCallback((element: HTMLVideoElement | null) => attach(videos.current, 1, element), []);

  // The first chunk loads at once; the preload effect above fills the other element.
  useEffect(() => {
    if (slotChunk.current[0] < 0) load(0, FIRST_CHUNK);
  }, [load]);

  return {
    active,
    current,
    playing,
    muted,
    position,
    rate,
    fileDurations,
    play,
    pause,
    toggleMute,
    changeRate,
    goTo,
    seekTo,
    videoRefs: [attachFirst, attachSecond] as const,
    eventsFor,
  };
}

/** Plays at `rate`, also after a new source (which starts at the default rate). */
function playAtRate(video: HTMLVideoElement, rate: number) {
  video.defaultPlaybackRate = rate;
  video.playbackRate = rate;
}

/** Seconds an element is into its chunk (0 before the in-point, or without either). */
function offsetIn(video: HTMLVideoElement | null | undefined, plan: ChunkPlan | undefined): number {
  return video && plan ? Math.max(0, video.currentTime - plan.start) : 0;
}

function attach(videos: [HTMLVideoElement | null, HTMLVideoElement | null], slot: Slot, element: HTMLVideoElement | null) {
  videos[slot] = element;
  if (!element) return;
  // Players start muted at volume 0.1.
  element.volume = 0.1;
  element.muted = true;
}
