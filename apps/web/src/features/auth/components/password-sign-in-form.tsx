import { Link } from 'react-router';
import { z } from 'zod';

import { FormField } from '@/components/form-field';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import type { AuthResult } from '@/lib/auth/auth-types';
import { useAuth } from '@/lib/auth/auth-context';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';
import { currentPasswordField, required } from '@/lib/validation';

const schema = z.object({
  emailOrUsername: required(z.string().trim()),
  password: currentPasswordField,
});

type PasswordSignInFormProps = {
  /** Runs a sign-in call, keeping the page from redirecting while the client finishes it. */
  run: (signIn: () => Promise<AuthResult>) => Promise<AuthResult>;
};

/** Email or username and password. Any failure shows under the first field. */
export function PasswordSignInForm({ run }: PasswordSignInFormProps) {
  const auth = useAuth();
  const form = useZodForm(schema, { emailOrUsername: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await run(() => auth.login({ method: 'password', ...values }));
    } catch (error) {
      form.setError('emailOrUsername', errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-1.5" aria-label="Sign in with your password">
      <FormField label="Email or username" error={form.errors.emailOrUsername}>
        {(control) => (
          <Input
            {...control}
            {...form.field('emailOrUsername')}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField
        label="Password"
        error={form.errors.password}
        labelAside={
          <Link
            to={paths.reset}
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-sm text-xs font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
          >
            Forgot your password?
          </Link>
        }
      >
        {(control) => (
          <Input {...control} {...form.field('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <SubmitButton pending={form.pending}>Sign in</SubmitButton>
    </form>
  );
}
