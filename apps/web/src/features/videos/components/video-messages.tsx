import { SendIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { PostTextarea } from '@/components/post-textarea';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { useVideoMessages } from '@/features/videos/api/get-video-messages';
import { usePostVideoMessage } from '@/features/videos/api/post-video-message';

/** The video's messages (content and publisher), newest first with relative times, and a post box. */
export function VideoMessages({ videoKey }: { videoKey: string }) {
  const messages = useVideoMessages(videoKey);
  const post = usePostVideoMessage(videoKey);
  const [text, setText] = useState('');
  const inputId = useId();

  function submit() {
    const message = text.trim();
    // Posts only when the text is non-empty.
    if (!message || post.isPending) return;
    post.mutate(message, { onSuccess: () => setText('') });
  }

  return (
    <div className="flex flex-col gap-3">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <PostTextarea
          id={inputId}
          rows={1}
          value={text}
          maxLength={2000}
          placeholder="Write a message about this video"
          onChange={(event) => setText(event.target.value)}
          onPost={submit}
        />
        <Button type="submit" size="icon" aria-label="Post" disabled={!text.trim() || post.isPending}>
          <SendIcon aria-hidden="true" />
        </Button>
      </form>
      <ErrorAlert error={post.error} />
      {messages.isPending ? (
        <p className="text-muted-foreground text-sm">Loading...</p>
      ) : messages.isError ? (
        // List loads fall back to empty; say so instead of pretending there are none.
        <p className="text-muted-foreground text-sm">Messages could not be loaded.</p>
      ) : messages.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No messages yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.data.map((message) => (
            <li key={message._id} className="flex flex-col gap-0.5 text-sm">
              <span className="flex items-baseline gap-2">
                <span className="font-medium">{message.publisher}</span>
                <RelativeTime time={message.timestamp} className="text-muted-foreground text-xs" />
              </span>
              <span className="break-words whitespace-pre-wrap">{message.content}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
