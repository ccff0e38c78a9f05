import type { ProfileMe } from '@app/contracts/profiles';
import { useNavigate } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { SportSelect } from '@/components/sport-select';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateProfile } from '@/features/profiles/api/update-profile';
import { ATHLETE_FIELDS, alertBirthdateProblem, athleteFormSchema, formValues, showSaveError } from '@/features/profiles/utils/profile-forms';
import { useZodForm } from '@/lib/use-zod-form';

const today = () => new Date().toISOString().slice(0, 10);

function FieldGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The athlete card's form, checked as each field is left: names at least 2 characters, the username's
 * rules, jersey a number of at least 1, birthdate a date. A bad birthdate on submit is an alert; a
 * taken username (409) shows under Username. Saved, it returns to /profile.
 */
export function AthleteForm({ me }: { me: ProfileMe }) {
  const navigate = useNavigate();
  const save = useUpdateProfile();
  const form = useZodForm(athleteFormSchema, { ...formValues(ATHLETE_FIELDS, me), formError: '' }, { validateOnBlur: true });
  const text = (name: (typeof ATHLETE_FIELDS)[number]) => form.field(name);

  const submit = form.handleSubmit(async () => {
    const { formError: _ignored, ...values } = form.values;
    try {
      await save.mutateAsync(values);
      void navigate('/profile');
    } catch (error) {
      showSaveError(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label="Athlete profile"
      className="grid gap-8"
      onSubmit={(event) => {
        alertBirthdateProblem(form.values.birthdate);
        void submit(event);
      }}
    >
      <FieldGroup title="About you">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <FormField label="First Name" error={form.errors.firstname}>
            {(control) => <Input {...control} {...text('firstname')} autoComplete="given-name" />}
          </FormField>
          <FormField label="Last Name" error={form.errors.lastname}>
            {(control) => <Input {...control} {...text('lastname')} autoComplete="family-name" />}
          </FormField>
        </div>
        <FormField label="Username" error={form.errors.username} hint="This is your public display name.">
          {(control) => <Input {...control} {...text('username')} autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} />}
        </FormField>
        <FormField label="Birthdate" error={form.errors.birthdate} hint="Your card shows your age, never the date.">
          {(control) => <Input {...control} {...text('birthdate')} type="date" min="1900-01-01" max={today()} className="sm:max-w-56" />}
        </FormField>
      </FieldGroup>

      <FieldGroup title="Sport and measurables">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <FormField label="Sport" error={form.errors.sport}>
            {(control) => <SportSelect {...control} {...text('sport')} placeholder="Choose a sport" />}
          </FormField>
          <FormField label="Position" error={form.errors.sportPosition}>
            {(control) => <Input {...control} {...text('sportPosition')} placeholder="e.g. Point guard" />}
          </FormField>
          <FormField label="Jersey" error={form.errors.jersey}>
            {(control) => <Input {...control} {...text('jersey')} inputMode="numeric" placeholder="e.g. 23" />}
          </FormField>
          <FormField label="Height" error={form.errors.height}>
            {(control) => <Input {...control} {...text('height')} placeholder={`e.g. 6'1" or 185 cm`} />}
          </FormField>
          <FormField label="Weight" error={form.errors.weight}>
            {(control) => <Input {...control} {...text('weight')} placeholder="e.g. 175 lb or 80 kg" />}
          </FormField>
        </div>
      </FieldGroup>

      <FieldGroup title="Social Links">
        <div className="grid gap-x-3 sm:grid-cols-3">
          <FormField label="Instagram" error={form.errors.instagram}>
            {(control) => <Input {...control} {...text('instagram')} placeholder="@handle" autoCapitalize="none" />}
          </FormField>
          <FormField label="Twitter" error={form.errors.twitter}>
            {(control) => <Input {...control} {...text('twitter')} placeholder="@handle" autoCapitalize="none" />}
          </FormField>
          <FormField label="TikTok" error={form.errors.tiktok}>
            {(control) => <Input {...control} {...text('tiktok')} placeholder="@handle" autoCapitalize="none" />}
          </FormField>
        </div>
      </FieldGroup>

      <FieldGroup title="Kudos">
        {(['kudos1', 'kudos2', 'kudos3'] as const).map((name, index) => (
          <FormField key={name} label={`Kudos ${index + 1}`} error={form.errors[name]}>
            {(control) => <Input {...control} {...text(name)} placeholder={index === 0 ? 'e.g. All-conference first team, 2025' : undefined} />}
          </FormField>
        ))}
      </FieldGroup>

      <FieldGroup title="Stories">
        <FormField label="Coach's Corner" error={form.errors.coachcorner}>
          {(control) => <Textarea {...control} {...text('coachcorner')} rows={3} />}
        </FormField>
        <FormField label="Referrals" error={form.errors.shoutout} hint="A teammate's or coach's shoutout.">
          {(control) => <Textarea {...control} {...text('shoutout')} rows={3} />}
        </FormField>
        <FormField label="Beyond the Athlete" error={form.errors.beyond} hint="School, music, volunteering: who you are off the field.">
          {(control) => <Textarea {...control} {...text('beyond')} rows={4} />}
        </FormField>
      </FieldGroup>

      <div className="grid gap-2">
        <ErrorAlert error={form.errors.formError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => void navigate('/profile')}>
            Cancel
          </Button>
          <SubmitButton pending={form.pending} className="sm:w-auto">
            Save
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
