import { CLIP_DESCRIPTION_MAX, REEL_TITLE_MAX, type ReelView } from '@app/contracts/clips';
import { useId, useState } from 'react';

import { ChunkTrim } from '@/components/chunk-trim';
import { SaveActions } from '@/components/save-actions';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateReel } from '@/lib/clips/update-reel';

/**
 * A clip's edit form: its title, in/out and description, saved as its own one-chunk reel
 * (`PUT /api/user/reels/{reel_id}`).
 */
export function ClipEditor({ reel }: { reel: ReelView }) {
  const chunk = reel.chunks[0]!;
  const save = useUpdateReel(reel.reelId);
  const id = useId();
  const [title, setTitle] = useState(reel.title ?? '');
  const [description, setDescription] = useState(chunk.description);
  const [trim, setTrim] = useState({ in: chunk.in, out: chunk.out });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    save.mutate({
      title: title.trim() || null,
      shared: reel.shared,
      chunks: [{ clip: chunk.clip, in: trim.in, out: trim.out, description: description.trim() }],
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={title} maxLength={REEL_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <ChunkTrim chunk={chunk} value={trim} onChange={setTrim} label="Clip" />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <textarea
          id={`${id}-description`}
          value={description}
          maxLength={CLIP_DESCRIPTION_MAX}
          rows={3}
          onChange={(e) => setDescription(e.target.value)}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 rounded-md border bg-transparent px-3 py-2 text-sm outline-none focus-visible:ring-[3px]"
        />
      </div>
      <SaveActions save={save} />
    </form>
  );
}
