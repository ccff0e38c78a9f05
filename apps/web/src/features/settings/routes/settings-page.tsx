import { LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSelf } from '@/features/settings/api/get-self';
import { ChangePasswordCard } from '@/features/settings/components/change-password-card';
import { NotificationEmailCard } from '@/features/settings/components/notification-email-card';
import { ScheduleEmailCard } from '@/features/settings/components/schedule-email-card';
import { SessionsCard } from '@/features/settings/components/sessions-card';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';

type SettingsPageProps = {
  /**
   * The subscription section. Features never import each other, so the app's /settings route
   * (`app/routes/settings-route.tsx`) composes it in from the subscription feature.
   */
  plan?: React.ReactNode;
};

/** /settings (signed in, any level): the account's plan, notification e-mails and security. */
export function SettingsPage({ plan }: SettingsPageProps) {
  const self = useSelf();
  const email = self.data?.email;

  return (
    <Page
      title="Settings"
      description={email ? <>Signed in as <span className="text-foreground font-medium">{email}</span></> : 'Your account'}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={paths.logout}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </Link>
        </Button>
      }
    >
      {plan ? (
        <section aria-labelledby="subscription-heading" className="grid gap-4">
          <h2 id="subscription-heading" className="text-lg font-semibold tracking-tight">
            Subscription
          </h2>
          {plan}
        </section>
      ) : null}
      <section aria-labelledby="notifications-heading" className="grid gap-4">
        <h2 id="notifications-heading" className="text-lg font-semibold tracking-tight">
          Notifications
        </h2>
        <NotificationEmailCard />
        <ScheduleEmailCard />
      </section>
      <section aria-labelledby="security-heading" className="grid gap-4">
        <h2 id="security-heading" className="text-lg font-semibold tracking-tight">
          Security
        </h2>
        <ChangePasswordCard />
        <TwoFactorCard />
        <SessionsCard />
      </section>
    </Page>
  );
}

/** The settings feature's page on its own (its tests); the app's /settings route adds the plan. */
export function Component() {
  return <SettingsPage />;
}
