import { displayName } from '@app/contracts/user-me';
import { CHANNEL_MESSAGE_MAX } from '@app/contracts/clips';
import type { Membership } from '@app/contracts/teams';
import { SendIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { MentionText } from '@/components/mention-text';
import { MentionTextarea } from '@/components/mention-textarea';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useClipComments, type CommentChannel } from '@/features/clips/api/get-clip-comments';
import { useTeam } from '@/features/clips/api/get-team';
import { usePostClipComment } from '@/features/clips/api/post-clip-comment';
import { useShareReelInChannel } from '@/features/clips/api/share-reel-in-channel';
import { useMe } from '@/lib/auth/get-me';

/**
 * A clip's comments panel (docs/product.md#comments), in the active team's channel: 'What's new?' (Enter
 * posts; the comment is prepended and the input cleared), 'Also share in channel' for the team
 * owner only, and each comment with avatar, name, relative time and content.
 * `@` completes team members' usernames; their mentions in comments link to their profiles.
 */
export function ClipComments({ clipId, reelId }: { clipId: string; reelId: string }) {
  const team = useTeam();
  const me = useMe();
  const joined = team.data && 'owner' in team.data ? team.data : null;
  const where: CommentChannel | null = joined && { owner: joined.owner, channel: joined.channel };
  const isTeamOwner = where !== null && me.data?.username === where.owner;
  const members = useMemo(() => Object.values(joined?.members ?? {}), [joined]);

  if (team.isPending) return <p className="text-muted-foreground text-sm">Loading comments...</p>;
  if (team.isError) return <ErrorAlert error={team.error} />;
  if (!where) return <p className="text-muted-foreground text-sm">Join a team to comment on clips.</p>;
  return <CommentsPanel where={where} members={members} me={me.data?.username} clipId={clipId} reelId={reelId} canShare={isTeamOwner} />;
}

type CommentsPanelProps = {
  where: CommentChannel;
  members: readonly Membership[];
  /** My username: I am not offered as a mention. */
  me: string | undefined;
  clipId: string;
  reelId: string;
  canShare: boolean;
};

function CommentsPanel({ where, members, me, clipId, reelId, canShare }: CommentsPanelProps) {
  const comments = useClipComments(where, clipId);
  const post = usePostClipComment(where, clipId);
  const share = useShareReelInChannel(where);
  const [text, setText] = useState('');
  const [alsoShare, setAlsoShare] = useState(false);
  const inputId = useId();
  const busy = post.isPending || share.isPending;
  const mentionable = useMemo(() => members.filter((m) => m.username !== me), [members, me]);
  const byUsername = useMemo(() => new Map(members.map((m) => [m.username.toLowerCase(), m.username])), [members]);

  function submit() {
    const message = text.trim();
    // Posts only when the text is non-empty.
    if (!message || busy) return;
    share.reset();
    post.mutate(message, {
      onSuccess: () => {
        setText('');
        if (canShare && alsoShare) share.mutate({ message, reel: reelId });
      },
    });
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3">
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
        Comments
      </h2>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex items-end gap-2">
          <label htmlFor={inputId} className="sr-only">
            Comment
          </label>
          <MentionTextarea
            id={inputId}
            rows={2}
            value={text}
            maxLength={CHANNEL_MESSAGE_MAX}
            placeholder="What's new?"
            members={mentionable}
            onValueChange={setText}
            onPost={submit}
          />
          <Button type="submit" size="icon" aria-label="Post comment" disabled={!text.trim() || busy}>
            <SendIcon aria-hidden="true" />
          </Button>
        </div>
        {canShare ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="accent-primary size-4" checked={alsoShare} onChange={(event) => setAlsoShare(event.target.checked)} />
            Also share in channel
          </label>
        ) : null}
      </form>
      <ErrorAlert error={post.error} />
      {share.isError ? <ErrorAlert error={`The comment was posted, but sharing in the channel failed: ${share.error.message}`} /> : null}
      {share.isSuccess ? (
        <p role="status" className="text-muted-foreground text-sm">
          Shared in the channel.
        </p>
      ) : null}
      {comments.isPending ? (
        <p className="text-muted-foreground text-sm">Loading comments...</p>
      ) : comments.isError ? (
        // List loads fall back to empty; say so instead of pretending there are none.
        <p className="text-muted-foreground text-sm">Comments could not be loaded.</p>
      ) : comments.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No comments yet. Be the first to say something.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Comments">
          {comments.data.map((comment) => (
            <li key={comment._id} className="flex gap-3 text-sm">
              <UserAvatar person={{ username: comment.publisher, name: comment.name, image: comment.image }} />
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="flex items-baseline gap-2">
                  <span className="font-medium">{displayName({ username: comment.publisher, name: comment.name })}</span>
                  <RelativeTime time={comment.timestamp} className="text-muted-foreground text-xs" />
                </span>
                <span className="break-words whitespace-pre-wrap">
                  <MentionText text={comment.content} members={byUsername} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
