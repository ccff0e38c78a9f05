import { MentionText } from '@/components/mention-text';
import { splitLinks } from '@/features/talk/utils/split-links';

/**
 * A message's text as text (never HTML): its http(s) addresses become links that open in a new tab
 * without handing it this page (`noopener`), and its `@username` mentions of teammates link to their profiles.
 */
export function TalkText({ text, members }: { text: string; /** Lower-case username -> username. */ members: ReadonlyMap<string, string> }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" className="text-primary break-all underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <MentionText key={index} text={part.text} members={members} />
        ),
      )}
    </>
  );
}
