import type { LucideIcon } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';

type EmailSwitchCardProps = {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  label: string;
  /** What the e-mails are called in "… are on." / "… are off.". */
  kind: string;
  /** The stored setting (undefined while it loads). */
  stored: { isPending: boolean; isError: boolean; error: unknown; on: boolean | undefined };
  /** The save in flight or done: `to` is where it goes. */
  save: { isPending: boolean; isError: boolean; isSuccess: boolean; to: boolean | undefined; saved: boolean | undefined; set: (on: boolean) => void };
};

/** A kind of e-mail switched on or off on /settings (each such e-mail's unsubscribe link switches it off too). */
export function EmailSwitchCard({ id, icon: Icon, title, description, label, kind, stored, save }: EmailSwitchCardProps) {
  // While saving, the switch shows where it is going.
  const on = save.isPending ? save.to : stored.on;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="text-muted-foreground size-4" />
          <h3>{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {stored.isPending ? (
          <p role="status" className="text-muted-foreground min-h-6 text-sm">
            Loading...
          </p>
        ) : stored.isError ? (
          <ErrorAlert error={stored.error} />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
            <Switch id={id} checked={!!on} disabled={save.isPending} onCheckedChange={save.set} />
          </div>
        )}
        <p aria-live="polite" className="min-h-4 text-xs leading-4">
          {save.isError ? (
            <span className="text-destructive">Your change was not saved. Please try again.</span>
          ) : save.isSuccess ? (
            <span className="text-muted-foreground">{save.saved ? `${kind} are on.` : `${kind} are off.`}</span>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}
