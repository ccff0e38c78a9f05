import { MENTION_PATTERN } from '@app/contracts/talk';

/** A run of a message: plain text, or an `@username` mention (`@` then letters, digits, hyphens, underscores). */
export type TextPart = { text: string; mention?: string };

export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[0], mention: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The `@username` being typed around the caret: where it starts and ends, and what is typed of it so far. */
export type MentionDraft = { start: number; end: number; query: string };

// As MENTION_PATTERN: '@' not inside a word or an e-mail address, then username characters.
const DRAFT_BEFORE_CARET = /(?<![A-Za-z0-9_-])@([A-Za-z0-9_-]*)$/;
const USERNAME_AFTER_CARET = /^[A-Za-z0-9_-]*/;

export function mentionAt(text: string, caret: number): MentionDraft | null {
  const before = DRAFT_BEFORE_CARET.exec(text.slice(0, caret));
  if (!before) return null;
  const rest = USERNAME_AFTER_CARET.exec(text.slice(caret))![0];
  return { start: before.index, end: caret + rest.length, query: before[1]! };
}

/** The text with the draft replaced by `@username` and a space, and where the caret goes (after the space). */
export function completeMention(text: string, draft: MentionDraft, username: string): { text: string; caret: number } {
  const after = text.slice(draft.end);
  const inserted = `@${username}${after.startsWith(' ') ? '' : ' '}`;
  return { text: text.slice(0, draft.start) + inserted + after, caret: draft.start + inserted.length + (after.startsWith(' ') ? 1 : 0) };
}

export type MentionCandidate = { username: string; name: string | null };

/**
 * The members a draft may complete to: usernames starting with what is typed first, then usernames
 * or names containing it, each group alphabetical; case does not matter (usernames are unique
 * regardless of case).
 */
export function matchingMembers<T extends MentionCandidate>(members: readonly T[], query: string, limit = 8): T[] {
  const q = query.toLowerCase();
  const rank = (m: T) => {
    const username = m.username.toLowerCase();
    if (username.startsWith(q)) return 0;
    if (username.includes(q) || (m.name ?? '').toLowerCase().includes(q)) return 1;
    return -1;
  };
  return members
    .map((member) => ({ member, rank: rank(member) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.member.username.localeCompare(b.member.username))
    .slice(0, limit)
    .map((m) => m.member);
}
