import { CHANNEL_MESSAGE_MAX, EMPTY_MESSAGE } from '@app/contracts/clips';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { MentionTextarea } from '@/components/mention-textarea';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { usePostReply } from '@/features/talk/api/get-thread';
import type { BoardViewer } from '@/features/talk/hooks/use-board-viewer';

/** The thread's Message input with Post (Enter posts): the reply goes on top and the input clears. */
export function ReplyForm({ messageId, viewer }: { messageId: string; viewer: BoardViewer }) {
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const post = usePostReply(messageId);
  const id = useId();

  function submit() {
    if (post.isPending) return;
    const text = message.trim();
    setBlank(text === '');
    if (text) post.mutate(text, { onSuccess: () => setMessage('') });
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={id}>Message</Label>
      <div className="flex items-end gap-2">
        <MentionTextarea
          id={id}
          rows={2}
          value={message}
          maxLength={CHANNEL_MESSAGE_MAX}
          members={viewer.mentionable}
          placeholder="Reply to this message"
          aria-invalid={blank || undefined}
          onValueChange={(value) => {
            setMessage(value);
            if (value.trim()) setBlank(false);
          }}
          onPost={submit}
        />
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post'}
        </Button>
      </div>
      {blank ? (
        <p role="alert" className="text-destructive text-sm">
          {EMPTY_MESSAGE}
        </p>
      ) : null}
      <ErrorAlert error={post.error} />
    </form>
  );
}
