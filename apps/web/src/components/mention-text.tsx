import { Link } from 'react-router';

import { splitMentions } from '@/lib/mentions';

/**
 * A message's text with each `@username` of a team member linked to their profile
 * (/team/members/{username}); other `@words` stay text, as the server records no mention for them.
 */
export function MentionText({ text, members }: { text: string; /** Lower-case username -> username. */ members: ReadonlyMap<string, string> }) {
  return (
    <>
      {splitMentions(text).map((part, index) => {
        const username = part.mention && members.get(part.mention.toLowerCase());
        return username ? (
          <Link key={index} to={`/team/members/${encodeURIComponent(username)}`} className="bg-primary/10 text-primary rounded px-0.5 font-medium hover:underline">
            {part.text}
          </Link>
        ) : (
          part.text
        );
      })}
    </>
  );
}
