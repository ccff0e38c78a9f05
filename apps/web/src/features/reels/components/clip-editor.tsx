import { CLIP_DESCRIPTION_MAX, REEL_TITLE_MAX, type ReelView } from '@app/contracts/clips';
import { useId, useState } from 'react';

import { ChunkTrim } from '@/components/chunk-trim';
import { SaveActions } from '@/components/save-actions';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateReel } from '@/features/reels/api/update-reel';

const bodyOf = (title: string, description: string, chunk: { clip: string; in: number; out: number }) => ({
  title: title.trim() || null,
  chunks: [{ clip: chunk.clip, in: chunk.in, out: chunk.out, description: description.trim() }],
});

type ClipEditorProps = {
  reel: ReelView;
  formId: string;
  /** The `value` of the submit button that finishes editing ('Done', outside the form). */
  doneValue: string;
  /** After 'Done' has saved what changed (at once when nothing did). */
  onDone: () => void;
};

/**
 * A clip's edit form: its title, in/out and description, saved as its own one-chunk reel
 * (`PUT /api/user/reels/{reel_id}`) by Save, or by 'Done', which then leaves.
 */
export function ClipEditor({ reel, formId, doneValue, onDone }: ClipEditorProps) {
  const chunk = reel.chunks[0]!;
  const save = useUpdateReel(reel.reelId);
  const id = useId();
  const [title, setTitle] = useState(reel.title ?? '');
  const [description, setDescription] = useState(chunk.description);
  const [trim, setTrim] = useState({ in: chunk.in, out: chunk.out });
  // What the server has: after a save, what was saved.
  const [stored, setStored] = useState(() => bodyOf(reel.title ?? '', chunk.description, chunk));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === doneValue;
    const body = bodyOf(title, description, { clip: chunk.clip, ...trim });
    if (done && JSON.stringify(body) === JSON.stringify(stored)) return onDone();
    save.mutate(body, {
      onSuccess: () => {
        setStored(body);
        if (done) onDone();
      },
    });
  }

  return (
    <form id={formId} onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={title} maxLength={REEL_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <ChunkTrim source={chunk.source} sourceIn={chunk.in} length={chunk.out} value={trim} onChange={setTrim} label="Clip" />
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
