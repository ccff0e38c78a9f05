import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { EmailSentNotice } from '@/components/email-sent-notice';
import { FormField } from '@/components/form-field';
import { PublicPage } from '@/components/public-page';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useSignInFlow } from '@/lib/auth/use-sign-in-flow';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';
import { emailField, newPasswordPair } from '@/lib/validation';

const requestSchema = z.object({ email: emailField });

/** Without a link: ask for one. The answer is the same whether or not the account exists. */
function RequestResetLink() {
  const auth = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(requestSchema, { email: '' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await auth.sendResetLink(email);
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
        If an account exists for <span className="text-foreground font-medium break-all">{sentTo}</span>, we sent it a link
        to choose a new password.
      </EmailSentNotice>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-1.5">
      <FormField label="Email" error={form.errors.email}>
        {(control) => (
          <Input {...control} {...form.field('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
        )}
      </FormField>
      <SubmitButton pending={form.pending}>Send reset link</SubmitButton>
    </form>
  );
}

/** With the emailed link's `token` and `uuid`: a new password, typed twice; success signs in. */
function ChooseNewPassword({ token, uuid }: { token: string; uuid: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const flow = useSignInFlow();
  const form = useZodForm(newPasswordPair, { password: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await flow.run(() => auth.resetPassword({ token, uuid, password }));
      // The account also asks for a second factor: finish on the sign-in page, where the step lives.
      if (result.kind === 'mfa-required') {
        const params = new URLSearchParams(search);
        params.delete('token');
        params.delete('uuid');
        const query = params.toString();
        void navigate(`${paths.login}${query ? `?${query}` : ''}`, { replace: true });
      }
    } catch (error) {
      form.setError('password', errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-1.5">
      <FormField label="New password" error={form.errors.password} hint="8 to 128 characters. A passphrase of a few words works well.">
        {(control) => <Input {...control} {...form.field('password')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm password" error={form.errors.confirmPassword}>
        {(control) => <Input {...control} {...form.field('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <SubmitButton pending={form.pending}>Reset password</SubmitButton>
    </form>
  );
}

/** /reset: request a reset link, or set a new password from one (then signed in). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const uuid = params.get('uuid');

  if (token && uuid) {
    return (
      <PublicPage
        title="Reset password"
        description="Choose a new password for your account."
        footer={
          <p>
            Link expired? <Link to={paths.reset}>Request a new one</Link>
          </p>
        }
      >
        <ChooseNewPassword token={token} uuid={uuid} />
      </PublicPage>
    );
  }

  return (
    <PublicPage
      title="Reset password"
      description="We'll email you a link to choose a new password."
      footer={<Link to={paths.login}>Back to sign in</Link>}
    >
      <RequestResetLink />
    </PublicPage>
  );
}
