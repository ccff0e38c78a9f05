import type { TotpEnrolmentResponse } from '@app/contracts/identity-account';
import { CheckIcon, CircleCheckIcon, CopyIcon, ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';

import { CodeForm } from '@/components/code-form';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { APP_NAME } from '@/config/app';
import { useSelf } from '@/features/settings/api/get-self';
import { useConfirmTotpEnrolment, useDisableTotp, useStartTotpEnrolment } from '@/features/settings/api/totp';
import { errorMessage } from '@/lib/error-message';
import { totpCodeField } from '@/lib/validation';

/** "JBSW Y3DP EHPK 3PXP": easier to type by hand. */
function groupSecret(secret: string) {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  // 'Copied' for 2 s; the timer goes with the button, so it never sets state after the page is gone.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? 'Copied' : failed ? 'Copy failed: select the codes instead' : label}
    </Button>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_1fr] gap-x-3 gap-y-3">
      <span
        aria-hidden="true"
        className="bg-primary text-primary-foreground flex size-7 items-center justify-center rounded-full text-xs font-semibold"
      >
        {number}
      </span>
      <h4 className="self-center text-sm font-semibold">{title}</h4>
      <div className="col-start-2 grid gap-3">{children}</div>
    </li>
  );
}

/**
 * The enrolment of `GET /auth/totp`: scan the QR code (or type the key), keep the
 * backup codes ('I saved these'), then confirm with a 6-digit code; nothing is on before that.
 */
function Enrolment({
  enrolment,
  email,
  onDone,
  onCancel,
}: {
  enrolment: TotpEnrolmentResponse;
  email?: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTotpEnrolment();
  const [savedCodes, setSavedCodes] = useState(enrolment.backupCodes.length === 0);
  const secret = enrolment.totpSecret.replace(/\s+/g, '');
  // The server's PNG is the contract; without one, draw the same otpauth URI here.
  const otpauth = `otpauth://totp/${encodeURIComponent(`${APP_NAME}:${email ?? 'account'}`)}?secret=${secret}&issuer=${encodeURIComponent(APP_NAME)}`;

  return (
    <ol className="grid gap-6" aria-label="Turn on two-factor authentication">
      <Step number={1} title="Scan this QR code with an authenticator app">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="w-fit rounded-lg border bg-white p-2">
            {enrolment.qrCode?.startsWith('data:image/') ? (
              <img
                src={enrolment.qrCode}
                width={176}
                height={176}
                alt="QR code to add Teamfilm to your authenticator app"
                className="size-44 [image-rendering:pixelated]"
              />
            ) : (
              <QRCodeSVG value={otpauth} size={176} role="img" aria-label="QR code to add Teamfilm to your authenticator app" />
            )}
          </div>
          <div className="grid min-w-0 gap-1.5 text-sm">
            <p className="text-muted-foreground">Can't scan it? Enter this key in the app instead:</p>
            <code
              aria-label="Setup key"
              className="bg-muted w-fit rounded-md px-2 py-1 font-mono text-sm font-medium break-words select-all"
            >
              {groupSecret(secret)}
            </code>
            <div>
              <CopyButton text={secret} label="Copy key" />
            </div>
          </div>
        </div>
      </Step>

      {enrolment.backupCodes.length > 0 ? (
        <Step number={2} title="Save your backup codes">
          <p className="text-muted-foreground text-sm">
            Each code signs you in once if you lose your phone. Keep them somewhere safe, like a password manager.
          </p>
          <ul
            aria-label="Backup codes"
            className="bg-muted/50 grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border p-3 font-mono text-sm sm:w-fit"
          >
            {enrolment.backupCodes.map((code) => (
              <li key={code} className="select-all">
                {code}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={enrolment.backupCodes.join('\n')} label="Copy codes" />
            <Button
              type="button"
              size="sm"
              variant={savedCodes ? 'secondary' : 'default'}
              aria-pressed={savedCodes}
              onClick={() => setSavedCodes(true)}
              disabled={savedCodes}
            >
              {savedCodes ? <CheckIcon aria-hidden="true" /> : null}I saved these
            </Button>
          </div>
        </Step>
      ) : null}

      <Step number={enrolment.backupCodes.length > 0 ? 3 : 2} title="Enter the code from the app">
        {savedCodes ? (
          <div className="sm:max-w-xs">
            <CodeForm
              label="Authentication code"
              field={totpCodeField}
              numeric
              hint="The 6-digit code your app shows for Teamfilm."
              onSubmit={async (totpCode) => {
                await confirm.mutateAsync(totpCode);
                onDone();
              }}
            />
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">Save your backup codes first.</p>
        )}
      </Step>
      <li className="list-none">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </li>
    </ol>
  );
}

/** Turn the authenticator (TOTP) second factor on, with its backup codes, or off with a current code. */
export function TwoFactorCard() {
  const self = useSelf();
  const start = useStartTotpEnrolment();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [notice, setNotice] = useState<'enabled' | 'disabled' | null>(null);
  const isOn = self.data?.isMfaRequired === true;

  let body: React.ReactNode;
  if (self.isPending) {
    body = (
      <p role="status" className="text-muted-foreground min-h-9 text-sm">
        Loading...
      </p>
    );
  } else if (self.isError) {
    body = (
      <ErrorAlert error={self.error} />
    );
  } else if (enrolment) {
    body = (
      <Enrolment
        enrolment={enrolment}
        email={self.data.email}
        onDone={() => {
          setEnrolment(null);
          setNotice('enabled');
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  } else if (isOn) {
    body = (
      <div className="grid gap-3 sm:max-w-xs">
        <p className="text-muted-foreground text-sm">To turn it off, enter a current code from your authenticator app.</p>
        <CodeForm
          label="Authentication code"
          field={totpCodeField}
          numeric
          autoFocus={false}
          submitLabel="Disable two-factor authentication"
          submitVariant="destructive"
          onSubmit={async (totpCode) => {
            await disable.mutateAsync(totpCode);
            setNotice('disabled');
          }}
        />
      </div>
    );
  } else {
    body = (
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          start.mutate(undefined, { onSuccess: (data) => setEnrolment(data) });
        }}
      >
        <p className="text-muted-foreground text-sm">
          Ask for a code from an authenticator app (such as 1Password, Google Authenticator or Authy) whenever you
          sign in with your password or a link.
        </p>
        <SubmitButton pending={start.isPending} className="sm:w-auto sm:justify-self-start" icon={<ShieldCheckIcon aria-hidden="true" />}>
          Enable two-factor authentication
        </SubmitButton>
        {start.isError ? (
          <p role="alert" className="text-destructive text-xs">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Two-factor authentication</h3>
        </CardTitle>
        <CardDescription>A second step after your password keeps your account safe even if the password leaks.</CardDescription>
        {self.isSuccess ? (
          <CardAction>
            <span
              className={
                isOn
                  ? 'rounded-full bg-emerald-600/10 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-400'
                  : 'bg-muted text-muted-foreground rounded-full px-2 py-0.5 text-xs font-medium'
              }
            >
              {isOn ? 'On' : 'Off'}
            </span>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice ? (
          <Alert>
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>
              {notice === 'enabled' ? 'Two-factor authentication is on' : 'Two-factor authentication is off'}
            </AlertTitle>
            <AlertDescription>
              {notice === 'enabled'
                ? 'Next time you sign in, we will ask for a code from your authenticator app.'
                : 'You sign in with your password or a link alone.'}
            </AlertDescription>
          </Alert>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
