import type { SessionInfo } from '@app/contracts/identity-account';
import { LaptopIcon, LogOutIcon, MonitorSmartphoneIcon, SmartphoneIcon } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSessions } from '@/features/settings/api/get-sessions';
import { useLogoutOtherSessions } from '@/features/settings/api/logout-other-sessions';
import { errorMessage } from '@/lib/error-message';

/**
 * "Chrome on macOS" from a user agent. A few patterns cover the browsers people use; a full parser
 * (ua-parser-js, ~20 KB) would only add precision this list does not need.
 */
export function describeUserAgent(userAgent: string | null | undefined): { label: string; mobile: boolean } {
  if (!userAgent) return { label: 'Unknown device', mobile: false };
  const browser =
    (/Edg(e|A|iOS)?\//.test(userAgent) && 'Edge') ||
    (/OPR\/|Opera/.test(userAgent) && 'Opera') ||
    (/Firefox\/|FxiOS/.test(userAgent) && 'Firefox') ||
    (/Chrome\/|CriOS/.test(userAgent) && 'Chrome') ||
    (/Safari\//.test(userAgent) && 'Safari') ||
    undefined;
  const os =
    (/iPhone|iPad|iPod/.test(userAgent) && 'iOS') ||
    (/Android/.test(userAgent) && 'Android') ||
    (/Windows/.test(userAgent) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(userAgent) && 'macOS') ||
    (/CrOS/.test(userAgent) && 'ChromeOS') ||
    (/Linux/.test(userAgent) && 'Linux') ||
    undefined;
  const mobile = /Mobi|iPhone|Android/.test(userAgent);
  if (browser && os) return { label: `${browser} on ${os}`, mobile };
  return { label: browser ?? os ?? 'Unknown device', mobile };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string | null | undefined) {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateFormat.format(date);
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { label, mobile } = describeUserAgent(session.userAgent);
  const Icon = mobile ? SmartphoneIcon : LaptopIcon;
  const lastUsed = formatDate(session.lastUsedAt ?? session.createdAt);
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <div className="bg-muted text-muted-foreground flex size-9 shrink-0 items-center justify-center rounded-full">
        <Icon aria-hidden="true" className="size-4" />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{label}</span>
          {session.current ? (
            <span className="bg-primary text-primary-foreground rounded-full px-2 py-0.5 text-[11px] leading-none font-medium">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-muted-foreground text-xs">
          {[session.ip, lastUsed ? `Last active ${lastUsed}` : undefined].filter(Boolean).join(' · ')}
        </p>
      </div>
    </li>
  );
}

/** Where the account is signed in (`current` marked), and 'Sign out of other sessions'. */
export function SessionsCard() {
  const sessions = useSessions();
  const logoutOthers = useLogoutOtherSessions();
  const list = sessions.data?.sessions ?? [];

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphoneIcon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>Where you're signed in</h3>
        </CardTitle>
        <CardDescription>Sign out of devices you don't recognise or no longer use.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <p role="status" className="text-muted-foreground min-h-12 text-sm">
            Loading...
          </p>
        ) : sessions.isError ? (
          <ErrorAlert error={sessions.error} />
        ) : (
          <ul aria-label="Sessions" className="divide-y">
            {list.map((session) => (
              <SessionRow key={String(session.sessionId)} session={session} />
            ))}
          </ul>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            logoutOthers.mutate();
          }}
          className="grid gap-2"
        >
          <SubmitButton
            variant="outline"
            pending={logoutOthers.isPending}
            icon={<LogOutIcon aria-hidden="true" />}
            className="sm:w-auto sm:justify-self-start"
          >
            Sign out of other sessions
          </SubmitButton>
          <p aria-live="polite" className="min-h-4 text-xs leading-4">
            {logoutOthers.isSuccess ? (
              <span className="text-muted-foreground">
                {logoutOthers.data.revoked === 1
                  ? 'Signed out of 1 other session.'
                  : `Signed out of ${logoutOthers.data.revoked} other sessions.`}
              </span>
            ) : logoutOthers.isError ? (
              <span className="text-destructive">{errorMessage(logoutOthers.error)}</span>
            ) : null}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
