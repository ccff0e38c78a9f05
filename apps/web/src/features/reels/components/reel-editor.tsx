import { CLIP_DESCRIPTION_MAX, REEL_TITLE_MAX, type Clip, type ReelView } from '@app/contracts/clips';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { ChunkTrim } from '@/components/chunk-trim';
import { SaveActions } from '@/components/save-actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateReel } from '@/features/reels/api/update-reel';
import { ClipPicker } from '@/features/reels/components/clip-picker';
import { ReelExportPanel } from '@/features/reels/components/reel-export-panel';
import { ShareLink } from '@/features/reels/components/share-link';

/** `source` and `sourceIn` are the preview's (as saved); `length` bounds the out point. */
type EditedChunk = { key: string; clip: string; in: number; out: number; description: string; source: string; sourceIn: number; length: number };

let added = 0;
const fromClip = (clip: Clip): EditedChunk => ({
  key: `added-${clip._id}-${++added}`,
  clip: clip._id,
  in: 0,
  out: clip.duration,
  description: clip.description,
  source: '',
  sourceIn: 0,
  length: clip.duration,
});

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The reel editor: title, the chunks in order (add from my library, remove, reorder by dragging or
 * with the move buttons, trim, describe), saved whole by `PUT /api/user/reels/{reelId}`; the share
 * link with its switch; Download MP4.
 */
export function ReelEditor({ reel }: { reel: ReelView }) {
  const id = useId();
  const save = useUpdateReel(reel.reelId);
  const [title, setTitle] = useState(reel.title ?? '');
  const [shared, setShared] = useState(reel.shared);
  const [chunks, setChunks] = useState<EditedChunk[]>(() =>
    reel.chunks.map((c) => ({ key: c.id, clip: c.clip, in: c.in, out: c.out, description: c.description, source: c.source, sourceIn: c.in, length: c.out })),
  );
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const patch = (index: number, change: Partial<EditedChunk>) => setChunks((now) => now.map((c, i) => (i === index ? { ...c, ...change } : c)));
  function reorder(from: number, to: number) {
    if (to < 0 || to >= chunks.length || from === to) return;
    setChunks((now) => move(now, from, to));
    setAnnouncement(`Clip ${from + 1} moved to position ${to + 1} of ${chunks.length}`);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // No `shared`: the switch has its own request, and the link may have been switched off (by the
    // team owner) since this editor loaded; the saved reel says how it is now.
    save.mutate(
      { title: title.trim() || null, chunks: chunks.map((c) => ({ clip: c.clip, in: c.in, out: c.out, description: c.description.trim() })) },
      { onSuccess: (saved) => setShared(saved.shared) },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} value={title} maxLength={REEL_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
        </div>

        <ol className="flex flex-col gap-3" aria-label="Clips in this reel">
          {chunks.map((chunk, index) => (
            <li
              key={chunk.key}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragging !== null) reorder(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className="bg-card flex flex-col gap-2 rounded-xl border p-3 data-[dragging=true]:opacity-50"
              data-dragging={dragging === index}
              aria-label={`Clip ${index + 1}`}
            >
              <div className="flex items-center gap-1">
                <GripVerticalIcon aria-hidden="true" className="text-muted-foreground size-4 cursor-grab" />
                <span className="text-sm font-medium">Clip {index + 1}</span>
                <span className="ml-auto flex gap-1">
                  <Button type="button" variant="ghost" size="icon-sm" aria-label={`Move clip ${index + 1} up`} disabled={index === 0} onClick={() => reorder(index, index - 1)}>
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Move clip ${index + 1} down`}
                    disabled={index === chunks.length - 1}
                    onClick={() => reorder(index, index + 1)}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove clip ${index + 1}`}
                    disabled={chunks.length === 1}
                    onClick={() => setChunks((now) => now.filter((_, i) => i !== index))}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </span>
              </div>
              <ChunkTrim
                source={chunk.source}
                sourceIn={chunk.sourceIn}
                length={chunk.length}
                value={chunk}
                onChange={(v) => patch(index, v)}
                label={`Clip ${index + 1}`}
              />
              <Input
                aria-label={`Description of clip ${index + 1}`}
                placeholder="What happens here?"
                value={chunk.description}
                maxLength={CLIP_DESCRIPTION_MAX}
                onChange={(e) => patch(index, { description: e.target.value })}
              />
            </li>
          ))}
        </ol>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>

        <ShareLink reelId={reel.reelId} shared={shared} onSharedChange={setShared} />

        <SaveActions save={save} />
      </form>

      <section aria-labelledby={`${id}-add`} className="flex flex-col gap-2">
        <h2 id={`${id}-add`} className="text-base font-semibold">
          Add clips
        </h2>
        <ClipPicker
          actionLabel="Add to reel"
          leaveOut={chunks.map((c) => c.clip)}
          onPick={(clips) => setChunks((now) => [...now, ...clips.map(fromClip)])}
        />
      </section>

      <section aria-labelledby={`${id}-export`} className="flex flex-col gap-2">
        <h2 id={`${id}-export`} className="text-base font-semibold">
          Download
        </h2>
        <ReelExportPanel reelId={reel.reelId} />
      </section>
    </div>
  );
}
