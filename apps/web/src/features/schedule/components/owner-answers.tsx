import type { RsvpAnswer, RsvpResponse } from '@app/contracts/schedule';
import { displayName } from '@app/contracts/user-me';

import { RelativeTime } from '@/components/relative-time';
import { UserAvatar } from '@/components/user-avatar';
import { useTeamBuddies } from '@/features/schedule/api/get-team-buddies';
import { answerLabel, answerTone } from '@/features/schedule/utils/labels';
import { cn } from '@/lib/utils';

const groups: { answer: RsvpAnswer | null; title: string }[] = [
  { answer: 'going', title: answerLabel.going },
  { answer: 'maybe', title: answerLabel.maybe },
  { answer: 'no', title: answerLabel.no },
  { answer: null, title: 'No answer yet' },
];

/** For the team owner: who answered what (with their notes), and who has not answered. */
export function OwnerAnswers({ responses }: { responses: readonly RsvpResponse[] }) {
  const buddies = useTeamBuddies();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {groups.map(({ answer, title }) => {
        const people = responses.filter((r) => r.answer === answer);
        return (
          <section key={title} aria-label={title} className="flex flex-col gap-2">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <span className={cn('rounded px-1.5 py-0.5 text-xs', answer ? answerTone[answer] : 'bg-muted text-muted-foreground')}>{title}</span>
              <span className="text-muted-foreground tabular-nums">{people.length}</span>
            </h3>
            {people.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nobody</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {people.map((person) => (
                  <li key={person.username} className="flex min-w-0 items-start gap-2 text-sm">
                    <UserAvatar person={{ username: person.username, name: person.name, image: buddies.get(person.username.toLowerCase())?.image ?? null }} />
                    <div className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">{displayName(person)}</span>
                      {person.note ? <span className="text-muted-foreground break-words">“{person.note}”</span> : null}
                      {person.at ? <RelativeTime time={person.at} className="text-muted-foreground text-xs" /> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
