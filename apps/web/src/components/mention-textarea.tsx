import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';

import { PostTextarea } from '@/components/post-textarea';
import { UserAvatar } from '@/components/user-avatar';
import { completeMention, matchingMembers, mentionAt, type MentionCandidate, type MentionDraft } from '@/lib/mentions';

export type MentionMember = MentionCandidate & { image: string | null };

type MentionTextareaProps = Omit<ComponentProps<typeof PostTextarea>, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Whom `@` offers: the team's members. */
  members: readonly MentionMember[];
};

/**
 * A post box that completes `@username` from the team's members: typing `@` lists them in a
 * listbox under the box; Up/Down choose, Enter or Tab insert, Escape closes, a click inserts too.
 * The box stays a textbox (a textarea may not take the combobox role) with the listbox's active
 * option as its `aria-activedescendant`, and the number of matches is announced.
 *
 * Written here rather than taken from a combobox library: those drive a single-line input's whole
 * value, while this completes one word at the caret of a multi-line box, which is most of the work.
 */
export function MentionTextarea({ value, onValueChange, members, onKeyDown, onBlur, onSelect, className, ...props }: MentionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [draft, setDraft] = useState<MentionDraft | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for the mention being typed (known by where it starts), not for the next one.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const caretAfterChange = useRef<number | null>(null);

  const options = draft ? matchingMembers(members, draft.query) : [];
  // A username typed out in full, with no longer one to complete to, needs no list: Enter posts.
  const complete = options.length === 1 && options[0]!.username.toLowerCase() === draft?.query.toLowerCase();
  const open = draft !== null && options.length > 0 && !complete && dismissedAt !== draft.start;
  const current = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    if (caretAfterChange.current === null || !ref.current) return;
    ref.current.setSelectionRange(caretAfterChange.current, caretAfterChange.current);
    caretAfterChange.current = null;
  }, [value]);

  function track(box: HTMLTextAreaElement) {
    const next = box.selectionStart === box.selectionEnd ? mentionAt(box.value, box.selectionStart) : null;
    if (next?.start !== draft?.start || next?.query !== draft?.query) setActive(0);
    if (!next) setDismissedAt(null);
    setDraft(next);
  }

  function choose(member: MentionMember) {
    if (!draft) return;
    const completed = completeMention(value, draft, member.username);
    caretAfterChange.current = completed.caret;
    setDraft(null);
    onValueChange(completed.text);
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && !event.nativeEvent.isComposing) {
      const { key } = event;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        event.preventDefault();
        setActive((current + (key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if ((key === 'Enter' && !event.shiftKey) || (key === 'Tab' && !event.shiftKey)) {
        event.preventDefault();
        choose(options[current]!);
        return;
      }
      if (key === 'Escape') {
        event.preventDefault();
        setDismissedAt(draft.start);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className="relative flex min-w-0 flex-1">
      <PostTextarea
        {...props}
        ref={ref}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target);
        }}
        onSelect={(event) => {
          track(event.currentTarget);
          onSelect?.(event);
        }}
        onBlur={(event) => {
          setDraft(null);
          onBlur?.(event);
        }}
        onKeyDown={keyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="bg-popover text-popover-foreground absolute top-full left-0 z-20 mt-1 flex max-h-64 w-full max-w-xs flex-col overflow-y-auto rounded-md border p-1 shadow-md"
        >
          {options.map((member, index) => (
            <li
              key={member.username}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              // The box keeps the focus (and its caret) while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(member)}
              className="aria-selected:bg-accent aria-selected:text-accent-foreground flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm"
            >
              <UserAvatar person={member} className="size-6" />
              {member.name ? <span className="truncate font-medium">{member.name} </span> : null}
              <span className={member.name ? 'text-muted-foreground truncate text-xs' : 'truncate font-medium'}>@{member.username}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open ? `${options.length} ${options.length === 1 ? 'member' : 'members'} to mention: up and down arrows to choose, Enter to insert.` : ''}
      </p>
    </div>
  );
}
