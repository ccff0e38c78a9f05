import type { AuthFactor } from '@app/contracts/identity-responses';
import { KeyRoundIcon, MailIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { CodeForm } from '@/components/code-form';
import type { AuthResult } from '@/lib/auth/auth-types';
import { useAuth, useAuthState } from '@/lib/auth/auth-context';
import { errorMessage } from '@/lib/error-message';
import { backupCodeField, totpCodeField, verificationCodeField } from '@/lib/validation';

type Method = 'totp' | 'backup' | 'email';

const methodLabels: Record<Method, { label: string; icon: typeof KeyRoundIcon }> = {
  totp: { label: 'Use your authenticator app', icon: SmartphoneIcon },
  backup: { label: 'Use a backup code', icon: KeyRoundIcon },
  email: { label: 'Email me a code', icon: MailIcon },
};

/** The ways the MFA response allows: an authenticator (with its backup codes) and/or a code by email. */
export function secondFactorMethods(secondFactors: readonly AuthFactor[]): Method[] {
  const methods: Method[] = [];
  if (secondFactors.some((factor) => factor.strategy === 'totp')) methods.push('totp', 'backup');
  if (secondFactors.some((factor) => factor.strategy === 'verificationCode' && factor.channel === 'email')) {
    methods.push('email');
  }
  // A server that names no factor we know still asked for one: the authenticator is the usual.
  return methods.length > 0 ? methods : ['totp', 'backup'];
}

type Run = (signIn: () => Promise<AuthResult>) => Promise<AuthResult>;

function EmailCode({ run }: { run: Run }) {
  const auth = useAuth();
  const [sent, setSent] = useState<{ to?: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setSendError(null);
    try {
      const response = await auth.sendVerificationCode({ channel: 'email' });
      setSent({ to: response.result?.email });
    } catch (error) {
      setSendError(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  if (!sent) {
    return (
      <div className="grid gap-3">
        <p className="text-muted-foreground text-sm">We'll email a one-time code to the address on your account.</p>
        <Button type="button" className="w-full" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
          <MailIcon aria-hidden="true" className={sending ? 'animate-pulse' : undefined} />
          Send code
        </Button>
        {sendError ? (
          <p role="alert" className="text-destructive text-xs">
            {sendError}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <CodeForm
        label="Verification code"
        field={verificationCodeField}
        numeric
        hint={sent.to ? `We sent a code to ${sent.to}.` : 'We sent a code to your email.'}
        onSubmit={(verificationCode) => run(() => auth.login({ method: 'verificationCode', channel: 'email', verificationCode }))}
      />
      <Button type="button" variant="link" size="sm" className="justify-self-center" onClick={() => void send()} disabled={sending}>
        Send a new code
      </Button>
      {sendError ? (
        <p role="alert" className="text-destructive text-center text-xs">
          {sendError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The second factor (docs/product.md#signing-in): the password (or link) was right and the account wants a second
 * factor. Authenticator code, a backup code, or a code sent by email; each call carries the stored
 * first-factor token.
 */
export function SecondFactorStep({ run, onCancel }: { run: Run; onCancel: () => void }) {
  const auth = useAuth();
  const { secondFactors } = useAuthState();
  const methods = secondFactorMethods(secondFactors);
  const [chosen, setChosen] = useState<Method>(methods[0] ?? 'totp');
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? 'totp');

  return (
    <div className="grid gap-5">
      {method === 'totp' ? (
        <CodeForm
          key="totp"
          label="Authentication code"
          field={totpCodeField}
          numeric
          hint="Open your authenticator app and enter the 6-digit code for Teamfilm."
          onSubmit={(totpCode) => run(() => auth.login({ method: 'totp', totpCode }))}
        />
      ) : null}
      {method === 'backup' ? (
        <CodeForm
          key="backup"
          label="Backup code"
          field={backupCodeField}
          hint="One of the backup codes you saved when you turned on two-factor authentication. Each works once."
          onSubmit={(backupCode) => run(() => auth.login({ method: 'totp', backupCode }))}
        />
      ) : null}
      {method === 'email' ? <EmailCode key="email" run={run} /> : null}

      {methods.length > 1 ? (
        <div className="grid gap-2 border-t pt-4">
          <p className="text-muted-foreground text-xs font-medium">Other ways to verify</p>
          {methods
            .filter((other) => other !== method)
            .map((other) => {
              const { label, icon: Icon } = methodLabels[other];
              return (
                <Button key={other} type="button" variant="outline" className="w-full justify-start" onClick={() => setChosen(other)}>
                  <Icon aria-hidden="true" />
                  {label}
                </Button>
              );
            })}
        </div>
      ) : null}
      <Button type="button" variant="ghost" className="w-full" onClick={onCancel}>
        Back to sign in
      </Button>
    </div>
  );
}
