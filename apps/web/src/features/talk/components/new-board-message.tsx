import { CHANNEL_MESSAGE_MAX, EMPTY_MESSAGE } from '@app/contracts/clips';
import { BOARD_SUBJECT_MAX } from '@app/contracts/talk';
import { ChevronDownIcon, SquarePenIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { MentionTextarea } from '@/components/mention-textarea';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePostBoardMessage } from '@/features/talk/api/post-board-message';
import type { BoardViewer } from '@/features/talk/hooks/use-board-viewer';
import { cn } from '@/lib/utils';

/**
 * The accordion 'New Message': Subject (optional), Message and Post. A blank message is refused here
 * with the product's text and nothing is sent; a posted one goes on top of the list and the inputs clear.
 */
export function NewBoardMessage({ viewer }: { viewer: BoardViewer }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const post = usePostBoardMessage(viewer.username && viewer.channel ? { username: viewer.username, channel: viewer.channel } : null);
  const id = useId();

  function submit() {
    if (post.isPending) return;
    const text = message.trim();
    setBlank(text === '');
    if (!text) return;
    post.mutate(
      { subject: subject.trim() || undefined, message: text },
      {
        onSuccess: () => {
          setSubject('');
          setMessage('');
        },
      },
    );
  }

  return (
    <section className="bg-card text-card-foreground rounded-xl border shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
          className="hover:bg-accent/50 focus-visible:ring-ring/50 flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left font-semibold outline-none focus-visible:ring-[3px]"
        >
          <SquarePenIcon aria-hidden="true" className="text-muted-foreground size-4" />
          New Message
          <ChevronDownIcon aria-hidden="true" className={cn('text-muted-foreground ml-auto size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <form
        id={`${id}-panel`}
        hidden={!open}
        className="flex flex-col gap-3 border-t px-4 pt-3 pb-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input id={`${id}-subject`} value={subject} maxLength={BOARD_SUBJECT_MAX} onChange={(event) => setSubject(event.target.value)} placeholder="Optional" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-message`}>Message</Label>
          <MentionTextarea
            id={`${id}-message`}
            rows={3}
            value={message}
            maxLength={CHANNEL_MESSAGE_MAX}
            members={viewer.mentionable}
            placeholder="Write to your team. @ mentions a teammate."
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${id}-blank` : undefined}
            onValueChange={(value) => {
              setMessage(value);
              if (value.trim()) setBlank(false);
            }}
            onPost={submit}
          />
          {blank ? (
            <p id={`${id}-blank`} role="alert" className="text-destructive text-sm">
              {EMPTY_MESSAGE}
            </p>
          ) : null}
        </div>
        <ErrorAlert error={post.error} />
        <div className="flex items-center justify-between gap-2">
          <p className="text-muted-foreground hidden text-xs sm:block">Enter posts, Shift+Enter starts a new line.</p>
          <Button type="submit" disabled={post.isPending} className="ml-auto">
            {post.isPending ? 'Posting...' : 'Post'}
          </Button>
        </div>
      </form>
    </section>
  );
}
