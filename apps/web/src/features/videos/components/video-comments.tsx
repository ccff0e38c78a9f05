import { SendIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { PostTextarea } from '@/components/post-textarea';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { useVideoComments } from '@/features/videos/api/get-video-comments';
import { usePostVideoComment } from '@/features/videos/api/post-video-comment';

/** The video's comments (content and publisher), newest first with relative times, and a post box. */
export function VideoComments({ videoKey }: { videoKey: string }) {
  const comments = useVideoComments(videoKey);
  const post = usePostVideoComment(videoKey);
  const [text, setText] = useState('');
  const inputId = useId();

  function submit() {
    const content = text.trim();
    // Posts only when the text is non-empty.
    if (!content || post.isPending) return;
    post.mutate(content, { onSuccess: () => setText('') });
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
      {comments.isPending ? (
        <p className="text-muted-foreground text-sm">Loading...</p>
      ) : comments.isError ? (
        // List loads fall back to empty; say so instead of pretending there are none.
        <p className="text-muted-foreground text-sm">Messages could not be loaded.</p>
      ) : comments.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No messages yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.data.map((comment) => (
            <li key={comment._id} className="flex flex-col gap-0.5 text-sm">
              <span className="flex items-baseline gap-2">
                <span className="font-medium">{comment.publisher}</span>
                <RelativeTime time={comment.timestamp} className="text-muted-foreground text-xs" />
              </span>
              <span className="break-words whitespace-pre-wrap">{comment.content}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
