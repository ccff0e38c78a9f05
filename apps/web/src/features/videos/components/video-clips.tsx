import { ClipCard } from '@/components/clip-card';
import { useStreamClips } from '@/features/videos/api/get-stream-clips';

/** The clips of this video, newest first (`GET /api/user/clips/{streamId}`); each opens its page. */
export function VideoClips({ videoKey, clipsPath }: { videoKey: string; clipsPath: string }) {
  const clips = useStreamClips(videoKey);
  if (clips.isPending) return <p className="text-muted-foreground text-sm">Loading clips...</p>;
  // A failed list load falls back to empty.
  const items = clips.data ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">No clips yet. Press Clip while the video plays to cut one.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2" aria-label="Clips of this video">
      {items.map((clip) => (
        <li key={clip._id} className="flex">
          <ClipCard clip={clip} to={`${clipsPath}/${encodeURIComponent(clip.reel_id)}`} className="flex-1" />
        </li>
      ))}
    </ul>
  );
}
