import { useState } from 'react';
import { z } from 'zod';

import { EmailSentNotice } from '@/components/email-sent-notice';
import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth/auth-context';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';
import { emailField } from '@/lib/validation';

const schema = z.object({ email: emailField });

/**
 * One email field and 'Send magic link'. The server answers the same whether or not
 * the account exists (an unknown address gets a new passwordless account), and so does this form.
 */
export function MagicLinkForm() {
  const auth = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(schema, { email: '' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await auth.login({ method: 'passwordless', email });
      setSentTo(email);
    } catch (error) {
      form.setError('email', errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <EmailSentNotice
        onUseAnotherEmail={() => {
          form.reset({ email: sentTo });
          setSentTo(null);
        }}
      >
        We sent a sign-in link to <span className="text-foreground font-medium break-all">{sentTo}</span>. Open it on this
        device to sign in.
      </EmailSentNotice>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-1.5" aria-label="Sign in with a magic link">
      <FormField label="Email" error={form.errors.email}>
        {(control) => (
          <Input
            {...control}
            {...form.field('email')}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <SubmitButton pending={form.pending} variant="outline">
        Send magic link
      </SubmitButton>
    </form>
  );
}
