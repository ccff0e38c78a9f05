import type { RecruitingSettings } from '@app/contracts/recruiting';
import { IdCardIcon, ListVideoIcon } from 'lucide-react';
import { useState } from 'react';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/error-message';

import { useRecentReels } from '../api/get-recent-reels';
import { useChooseCardReel, useRecruitingSettings, useUpdateRecruiting } from '../api/recruiting-settings';
import { CardLink } from '../components/card-link';
import { FieldTicks } from '../components/field-ticks';
import { ReelPicker } from '../components/reel-picker';

/** How many of my newest reels the picker offers. */
const PICKER_REELS = 50;

const TITLE = 'Recruiting card';

/** /profile/recruiting: publish my card for recruiters at its own link, choose what it shows and the reel it plays. */
export function Component() {
  const settings = useRecruitingSettings();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError) {
    return (
      <Page title={TITLE}>
        <ErrorAlert error={settings.error} />
      </Page>
    );
  }
  return <Settings settings={settings.data} />;
}

function Settings({ settings }: { settings: RecruitingSettings }) {
  const update = useUpdateRecruiting();
  const chooseReel = useChooseCardReel();
  const reels = useRecentReels(PICKER_REELS);
  const busy = update.isPending || chooseReel.isPending;
  // A tick or a reel shows as chosen at once (a controlled input would flip back until the server
  // answers); the server's answer replaces it, and a refusal puts back what the server has.
  const saved = { fields: settings.fields, reelId: settings.reelId };
  const [shown, setShown] = useState(saved);
  const [from, setFrom] = useState(settings);
  if (from !== settings) {
    setFrom(settings);
    setShown(saved);
  }
  const revert = { onError: () => setShown(saved) };
  return (
    <Page title={TITLE} description="Your athlete card at a link of its own, for recruiters and coaches: only what you tick is on it.">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center justify-between gap-4">
            <label htmlFor="publish-card" className="flex items-center gap-2 text-base">
              <IdCardIcon aria-hidden="true" className="text-muted-foreground size-4" />
              Publish my card
            </label>
            <Switch id="publish-card" checked={settings.published} disabled={busy} onCheckedChange={(published) => update.mutate({ published })} />
          </CardTitle>
          <CardDescription>
            {settings.published
              ? 'Anyone with the link sees your card, no sign-in needed. Switch it off and the link stops working at once.'
              : 'Your card is not published: nobody can open it. Switch it on to get a link you can send.'}
          </CardDescription>
        </CardHeader>
        {settings.published && settings.url ? (
          <CardContent>
            <CardLink url={settings.url} />
          </CardContent>
        ) : null}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">What the card shows</CardTitle>
          <CardDescription>Changes apply at once, to the link too.</CardDescription>
        </CardHeader>
        <CardContent>
          <FieldTicks
            fields={shown.fields}
            onChange={(field, on) => {
              setShown({ ...shown, fields: { ...shown.fields, [field]: on } });
              update.mutate({ fields: { [field]: on } }, revert);
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Highlight reel</CardTitle>
          <CardDescription>The reel that plays on your card. Anyone with the card's link can watch it.</CardDescription>
        </CardHeader>
        <CardContent>
          {reels.isPending ? (
            <PageLoading />
          ) : reels.isError ? (
            <ErrorAlert error={reels.error} />
          ) : reels.data.items.length === 0 ? (
            <EmptyState icon={ListVideoIcon} title="No reels yet" className="min-h-0">
              Put your best clips together in a reel from your library, then choose it here.
            </EmptyState>
          ) : (
            <ReelPicker
              reels={reels.data.items}
              chosen={shown.reelId}
              disabled={chooseReel.isPending}
              onChoose={(reel) => {
                setShown({ ...shown, reelId: reel?.reelId ?? null });
                chooseReel.mutate(reel, revert);
              }}
            />
          )}
        </CardContent>
      </Card>

      {update.isError || chooseReel.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(update.error ?? chooseReel.error)}
        </p>
      ) : null}
    </Page>
  );
}
