import { CircleCheckIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';

import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/features/settings/api/change-password';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';
import { currentPasswordField, newPasswordPair } from '@/lib/validation';

// An intersection so the new-password pair is checked (and its match reported) even while the
// current password is still missing: a refinement on one object would wait for every field.
const schema = z.object({ existingPassword: currentPasswordField }).and(newPasswordPair);

const empty = { existingPassword: '', password: '', confirmPassword: '' };

/** Current, new and confirmed password. A refusal about the current password shows under it, any other (e.g. a common password) under the new one. */
export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useZodForm(schema, empty);

  const onSubmit = form.handleSubmit(async ({ existingPassword, password }) => {
    setChanged(false);
    try {
      await changePassword.mutateAsync({ existingPassword, password });
      form.reset(empty);
      setChanged(true);
    } catch (error) {
      const message = errorMessage(error);
      form.setError(/current|existing|incorrect|wrong/i.test(message) ? 'existingPassword' : 'password', message);
    }
  });

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Change password</h3>
        </CardTitle>
        <CardDescription>Your other devices are signed out; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-1.5 sm:max-w-sm">
          {changed ? (
            <Alert>
              <CircleCheckIcon aria-hidden="true" />
              <AlertTitle>Password changed</AlertTitle>
              <AlertDescription>Use your new password the next time you sign in.</AlertDescription>
            </Alert>
          ) : null}
          {/* Lets password managers pair the new password with the account. */}
          <FormField label="Current password" error={form.errors.existingPassword}>
            {(control) => (
              <Input {...control} {...form.field('existingPassword')} type="password" autoComplete="current-password" />
            )}
          </FormField>
          <FormField label="New password" error={form.errors.password} hint="8 to 128 characters.">
            {(control) => <Input {...control} {...form.field('password')} type="password" autoComplete="new-password" />}
          </FormField>
          <FormField label="Confirm password" error={form.errors.confirmPassword}>
            {(control) => (
              <Input {...control} {...form.field('confirmPassword')} type="password" autoComplete="new-password" />
            )}
          </FormField>
          <SubmitButton pending={form.pending} className="sm:w-auto sm:justify-self-start">
            Change password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
