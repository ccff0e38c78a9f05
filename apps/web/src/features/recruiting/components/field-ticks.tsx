import { CARD_FIELD_GROUPS, type CardField, type CardFields } from '@app/contracts/recruiting';
import { TriangleAlertIcon } from 'lucide-react';

const LABELS: Record<CardField, string> = {
  name: 'Name',
  username: 'Username',
  avatar: 'Avatar',
  hero: 'Hero image',
  jersey: 'Jersey number',
  sport: 'Sport',
  position: 'Position',
  height: 'Height',
  weight: 'Weight',
  age: 'Age',
  city: 'City',
  team: 'Team',
  socials: 'Social links',
  kudos: "Kudos and coach's corner",
  shoutout: 'Referrals (shoutout)',
  beyond: 'Beyond the Athlete',
  photos: 'Photos',
  email: 'E-mail',
  phone: 'Phone',
  birthdate: 'Exact birthdate',
};

type FieldTicksProps = {
  fields: CardFields;
  onChange: (field: CardField, shown: boolean) => void;
};

/** What the card shows, grouped as athletes think of it; contact details carry a warning that they become public. */
export function FieldTicks({ fields, onChange }: FieldTicksProps) {
  return (
    <div className="flex flex-col gap-5">
      {CARD_FIELD_GROUPS.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">{group.title}</legend>
          {group.title === 'Contact' ? (
            <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm">
              <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              Anyone with the link sees what you tick here. Share your e-mail or phone only if you want recruiters to contact you directly.
            </p>
          ) : null}
          <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
            {group.fields.map((field) => (
              <label key={field} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={fields[field]} onChange={(e) => onChange(field, e.target.checked)} />
                {LABELS[field]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
