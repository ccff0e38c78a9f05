import { tokenOf } from '@/components/player/live-timing';

/**
 * Safari without Managed Media Source (iOS before 17.1) plays HLS itself, so no request goes through
 * our token rewrite: once the playlist's playback token expires, its next refresh is refused and the
 * element fails. Then, if a newer token has come since, play again with it from where the viewer was
 * (a live stream starts again at its edge). A refusal with the newest token is final: `onFailed`.
 */
export function playNatively(video: HTMLVideoElement, playlist: string, latest: () => string, onFailed: () => void): () => void {
  let current = playlist;
  video.src = current;
  const onError = () => {
    const next = latest();
    if (tokenOf(next) === tokenOf(current)) {
      onFailed();
      return;
    }
    const resumeAt = video.currentTime;
    const wasPaused = video.paused;
    current = next;
    video.src = current;
    video.addEventListener(
      'loadedmetadata',
      () => {
        // A finished game (an archive) resumes where it was; a live one is at its edge.
        if (Number.isFinite(video.duration) && resumeAt > 0) video.currentTime = resumeAt;
        if (!wasPaused) void video.play().catch(() => undefined);
      },
      { once: true },
    );
  };
  video.addEventListener('error', onError);
  return () => video.removeEventListener('error', onError);
}
