import type { CardData } from '@/features/profiles/utils/card-data';

type PersonalInfoProps = {
  card: CardData;
  /** The owner's own page adds what only they see: the e-mail (read-only) and the phone. */
  email?: string | null;
  phone?: string | null;
  withSport: boolean;
};

/** The profile page's read-only details: name, username, (e-mail and phone for the owner), city (and the age without the sport part). */
export function PersonalInfo({ card, email, phone, withSport }: PersonalInfoProps) {
  const rows: [string, string | null | undefined][] = [
    ['Name', card.name || [card.firstname, card.lastname].filter(Boolean).join(' ')],
    ['Username', `@${card.username}`],
  ];
  if (email !== undefined) rows.push(['Email', email]);
  if (phone !== undefined) rows.push(['Phone', phone]);
  rows.push(['City', card.city]);
  // With the sport part, the age and sport show in the tiles and under the name.
  if (!withSport) rows.push(['Age', card.age === null ? null : String(card.age)]);
  return (
    <dl className="divide-y rounded-lg border">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 px-4 py-2.5 text-sm">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="truncate">{value || <span className="text-muted-foreground">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
