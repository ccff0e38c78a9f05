import { DEFAULT_VIDEO_TITLE } from '@app/contracts/videos';
import { PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type VideoTitleProps = {
  title: string | null;
  /** Only the owner (userId equals ownerId) sees the title edit. */
  canEdit: boolean;
  onSave: (title: string | null) => void;
};

/** The video's title: view, edit, then Update or Cancel. An empty title shows as 'Video'. */
export function VideoTitle({ title, canEdit, onSave }: VideoTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const shown = title?.trim() || DEFAULT_VIDEO_TITLE;

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-start gap-1">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-balance">{shown}</h1>
        {canEdit ? (
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-muted-foreground shrink-0"
            aria-label="Edit title"
            title="Edit title"
            onClick={() => setDraft(title ?? '')}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form
      className="flex w-full flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const next = draft.trim();
        onSave(next === '' ? null : next);
        setDraft(null);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Title
      </label>
      <Input
        id={inputId}
        value={draft}
        maxLength={200}
        placeholder={DEFAULT_VIDEO_TITLE}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(null);
        }}
        className="min-w-0 flex-1 basis-56 text-base font-medium"
      />
      <div className="flex gap-2">
        <Button type="submit">Update</Button>
        <Button type="button" variant="outline" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
