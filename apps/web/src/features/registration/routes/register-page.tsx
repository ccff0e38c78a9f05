import { CircleCheckIcon, HeartIcon, MegaphoneIcon, UserRoundIcon } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { FormField } from '@/components/form-field';
import { PublicPage } from '@/components/public-page';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLegalLinks } from '@/config/legal-links';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { useSignInFlow } from '@/lib/auth/use-sign-in-flow';
import { errorMessage } from '@/lib/error-message';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { emailField, newPasswordField, required, usernameField } from '@/lib/validation';

const roles = [
  { value: 'coach', label: 'Coach', description: 'Run a team', icon: MegaphoneIcon },
  { value: 'athlete', label: 'Athlete', description: 'Play and share', icon: UserRoundIcon },
  { value: 'fan', label: 'Fan', description: 'Watch games', icon: HeartIcon },
] as const;

const schema = z.object({
  role: required(z.enum(['coach', 'athlete', 'fan'])),
  email: emailField,
  username: usernameField,
  password: newPasswordField,
  acceptTerms: z.literal(true),
});

/**
 * The next registration step for a role, carrying `?affiliate=` and an invitation's `?invite=`
 * token when the register address had them.
 */
export function nextStepPath(role: 'coach' | 'athlete' | 'fan', affiliate: string | null, invite: string | null = null) {
  const path = `${paths.register}/${role}`;
  const query = new URLSearchParams({ ...(affiliate && { affiliate }), ...(invite && role === 'athlete' && { invite }) }).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * An error mentioning the email goes under Email and any other under Password; that rule
 * predates the username field, so a username clash ('Username already exists') goes under Username.
 */
function fieldOfError(message: string): 'email' | 'username' | 'password' {
  if (/e-?mail/i.test(message)) return 'email';
  if (/username/i.test(message)) return 'username';
  return 'password';
}

const initialRole = (value: string | null): string => (roles.some((role) => role.value === value) ? (value ?? '') : '');

type RoleChoiceProps = {
  field: { name: string; value: string; onChange: React.ChangeEventHandler<HTMLInputElement>; ref: React.Ref<HTMLInputElement> };
  error?: string;
};

/** Three radio cards; the group is the form's first field (focused when nothing is chosen). */
function RoleChoice({ field, error }: RoleChoiceProps) {
  return (
    <fieldset className="grid gap-2" aria-invalid={Boolean(error)} aria-describedby={error ? 'role-error' : undefined}>
      <legend className="float-left mb-2 w-full text-sm leading-none font-medium">I'm joining as</legend>
      <div className="grid grid-cols-3 gap-2">
        {roles.map(({ value, label, description, icon: Icon }, index) => (
          <label
            key={value}
            className={cn(
              'border-input hover:bg-accent/50 dark:bg-input/30 relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-2 py-3 text-center shadow-xs transition-colors',
              'has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:ring-primary/20 has-[:checked]:ring-2',
              'has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]',
              'has-[:focus-visible]:border-ring',
              error && 'border-destructive',
            )}
          >
            <input
              type="radio"
              // Transparent over the whole card: a click (or a test's check()) anywhere lands on it.
              className="peer absolute inset-0 z-10 cursor-pointer appearance-none rounded-lg opacity-0"
              value={value}
              name={field.name}
              checked={field.value === value}
              onChange={field.onChange}
              ref={index === 0 ? field.ref : undefined}
            />
            <Icon aria-hidden="true" className="text-muted-foreground peer-checked:text-foreground size-5" />
            <span className="text-sm font-medium">{label}</span>
            <span className="text-muted-foreground text-[11px] leading-tight">{description}</span>
            <CircleCheckIcon
              aria-hidden="true"
              className="text-primary absolute top-1.5 right-1.5 size-3.5 opacity-0 peer-checked:opacity-100"
            />
          </label>
        ))}
      </div>
      <p id="role-error" className="text-destructive -mt-1 min-h-4 text-xs leading-4" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}

/** Opens in a new tab, so what was typed in the form is still there when the reader comes back. */
function DocumentLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-4">
      {children}
    </a>
  );
}

function AlreadySignedIn() {
  return (
    <PublicPage title="Create an account" description="You're already signed in.">
      <div className="grid gap-2">
        <Button asChild>
          <Link to="/home">Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sport/iho">Ice hockey</Link>
        </Button>
      </div>
    </PublicPage>
  );
}

/**
 * /register: role, email, username, password and acceptance of the terms; 'Create
 * Account' only after acceptance. Then on to /register/{role} with any `affiliate` parameter.
 * A server error mentioning the email shows under Email, the username under Username, any other
 * under Password (docs/product.md#validation-messages).
 */
export function Component() {
  const auth = useAuth();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flow = useSignInFlow();
  const legal = useLegalLinks();
  // An invitation link sends `?role=athlete&email=...&invite=...`.
  const form = useZodForm(schema, {
    role: initialRole(params.get('role')),
    email: params.get('email') ?? '',
    username: '',
    password: '',
    acceptTerms: false as boolean,
  });

  const onSubmit = form.handleSubmit(async ({ role, email, username, password }) => {
    try {
      await flow.run(() => auth.signup({ method: 'password', email, username, password, redirect: false }), {
        navigateAfter: false,
      });
      void navigate(nextStepPath(role, params.get('affiliate'), params.get('invite')), { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      form.setError(fieldOfError(message), message);
    }
  });

  if (!flow.active && session.isLoggedIn) return <AlreadySignedIn />;

  return (
    <PublicPage
      title="Create an account"
      description="Join as a coach, an athlete or a fan."
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Sign in</Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-1.5">
        <RoleChoice field={form.field('role')} error={form.errors.role} />
        <FormField label="Email" error={form.errors.email}>
          {(control) => (
            <Input {...control} {...form.field('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
          )}
        </FormField>
        <FormField
          label="Username"
          error={form.errors.username}
          hint="Letters, numbers, dashes, underscores and plus signs."
        >
          {(control) => (
            <Input
              {...control}
              {...form.field('username')}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label="Password" error={form.errors.password} hint="8 to 128 characters.">
          {(control) => <Input {...control} {...form.field('password')} type="password" autoComplete="new-password" />}
        </FormField>
        <label className="flex items-start gap-3 text-sm leading-snug">
          <input
            type="checkbox"
            {...form.checkbox('acceptTerms')}
            className="accent-primary border-input mt-0.5 size-4 shrink-0 rounded"
          />
          <span>
            I accept the <DocumentLink href={legal.terms}>terms of service</DocumentLink> and the{' '}
            <DocumentLink href={legal.privacy}>privacy policy</DocumentLink>.
          </span>
        </label>
        <SubmitButton pending={form.pending} disabled={form.values.acceptTerms !== true} className="mt-1">
          Create Account
        </SubmitButton>
      </form>
    </PublicPage>
  );
}
