import type { ProfileMe } from '@app/contracts/profiles';

import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { SportSelect } from '@/components/sport-select';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useUpdateProfile } from '@/features/profiles/api/update-profile';
import { alertBirthdateProblem, formValues, PROFILE_PAGE_FIELDS, profilePageFormSchema, showSaveError } from '@/features/profiles/utils/profile-forms';
import { useZodForm } from '@/lib/use-zod-form';

type ProfilePageFormProps = {
  me: ProfileMe;
  /** Sport, position, height, weight and socials: for team and athlete accounts only. */
  withSport: boolean;
  onSaved: (saved: ProfileMe) => void;
  onCancel: () => void;
};

/**
 * The profile page's edit mode: name and username required, the e-mail shown read-only (it is changed
 * with the sign-in account, never here); a taken username (409) shows under Username.
 */
export function ProfilePageForm({ me, withSport, onSaved, onCancel }: ProfilePageFormProps) {
  const save = useUpdateProfile();
  const form = useZodForm(profilePageFormSchema, { ...formValues(PROFILE_PAGE_FIELDS, me), formError: '' }, { validateOnBlur: true });
  const text = (name: (typeof PROFILE_PAGE_FIELDS)[number]) => form.field(name);

  const submit = form.handleSubmit(async () => {
    const { formError: _ignored, ...values } = form.values;
    const body = withSport ? values : { name: values.name, username: values.username, phone: values.phone, city: values.city, birthdate: values.birthdate };
    try {
      onSaved(await save.mutateAsync(body));
    } catch (error) {
      showSaveError(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label="Edit profile"
      className="grid gap-1.5"
      onSubmit={(event) => {
        alertBirthdateProblem(form.values.birthdate);
        void submit(event);
      }}
    >
      <div className="grid gap-x-3 sm:grid-cols-2">
        <FormField label="Name" error={form.errors.name}>
          {(control) => <Input {...control} {...text('name')} autoComplete="name" />}
        </FormField>
        <FormField label="Username" error={form.errors.username}>
          {(control) => <Input {...control} {...text('username')} autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} />}
        </FormField>
        <FormField label="Email" hint="Change it in Settings, with your sign-in.">
          {(control) => <Input {...control} value={me.email ?? ''} readOnly className="bg-muted/50" />}
        </FormField>
        <FormField label="Phone" error={form.errors.phone}>
          {(control) => <Input {...control} {...text('phone')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField label="City" error={form.errors.city}>
          {(control) => <Input {...control} {...text('city')} autoComplete="address-level2" />}
        </FormField>
        <FormField label="Birthdate" error={form.errors.birthdate}>
          {(control) => <Input {...control} {...text('birthdate')} type="date" min="1900-01-01" max={new Date().toISOString().slice(0, 10)} />}
        </FormField>
        {withSport ? (
          <>
            <FormField label="Sport" error={form.errors.sport}>
              {(control) => <SportSelect {...control} {...text('sport')} placeholder="Choose a sport" />}
            </FormField>
            <FormField label="Position" error={form.errors.sportPosition}>
              {(control) => <Input {...control} {...text('sportPosition')} />}
            </FormField>
            <FormField label="Height" error={form.errors.height}>
              {(control) => <Input {...control} {...text('height')} />}
            </FormField>
            <FormField label="Weight" error={form.errors.weight}>
              {(control) => <Input {...control} {...text('weight')} />}
            </FormField>
            <FormField label="Instagram" error={form.errors.instagram}>
              {(control) => <Input {...control} {...text('instagram')} placeholder="@handle" autoCapitalize="none" />}
            </FormField>
            <FormField label="Twitter" error={form.errors.twitter}>
              {(control) => <Input {...control} {...text('twitter')} placeholder="@handle" autoCapitalize="none" />}
            </FormField>
            <FormField label="TikTok" error={form.errors.tiktok}>
              {(control) => <Input {...control} {...text('tiktok')} placeholder="@handle" autoCapitalize="none" />}
            </FormField>
          </>
        ) : null}
      </div>
      <ErrorAlert error={form.errors.formError} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={form.pending} className="sm:w-auto">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
