import { coachRegistration, personRegistration, type CoachRegistration } from '@app/contracts/user-me';
import { useEffect, useRef } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';

export type RegistrationValues = Omit<CoachRegistration, 'team'> & { team?: string };

type RegistrationFormProps = {
  /** Coach registration asks for the team name too. */
  withTeam?: boolean;
  submitLabel?: string;
  onSubmit: (values: RegistrationValues) => Promise<void>;
};

/**
 * (Team,) First Name, Last Name, Username with 'This is your public display name.'.
 * Checked on blur; a username clash (409) shows 'Username already exists' under Username,
 * any other failure under the form.
 */
export function RegistrationForm({ withTeam = false, submitLabel = 'Continue', onSubmit }: RegistrationFormProps) {
  const schema = withTeam ? coachRegistration : personRegistration;
  const form = useZodForm(schema, { team: '', firstname: '', lastname: '', username: '', formError: '' }, { validateOnBlur: true });
  const record = useMe();

  // The names chosen at sign-up, once, filling only the fields still empty.
  const prefilled = useRef(false);
  useEffect(() => {
    const username = record.data?.username;
    if (!prefilled.current && username) {
      prefilled.current = true;
      // What the user already typed wins: the record may arrive after they started.
      const typed = form.values;
      form.reset({
        ...typed,
        username: typed.username || username,
        firstname: typed.firstname || record.data?.firstname || '',
        lastname: typed.lastname || record.data?.lastname || '',
      });
    }
  }, [record.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values as RegistrationValues);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) form.setError('username', error.message);
      else form.setError('formError', errorMessage(error), { shouldFocus: false });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-1.5">
      {withTeam ? (
        <FormField label="Team" error={form.errors.team}>
          {(control) => <Input {...control} {...form.field('team')} autoComplete="organization" placeholder="e.g. Riverside Hawks U16" />}
        </FormField>
      ) : null}
      <div className="grid gap-x-3 sm:grid-cols-2">
        <FormField label="First Name" error={form.errors.firstname}>
          {(control) => <Input {...control} {...form.field('firstname')} autoComplete="given-name" />}
        </FormField>
        <FormField label="Last Name" error={form.errors.lastname}>
          {(control) => <Input {...control} {...form.field('lastname')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField label="Username" error={form.errors.username} hint="This is your public display name.">
        {(control) => (
          <Input {...control} {...form.field('username')} autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} />
        )}
      </FormField>
      <ErrorAlert error={form.errors.formError} />
      <SubmitButton pending={form.pending} className="mt-1">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
