import { FlaskConicalIcon } from 'lucide-react';
import { useNavigate } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useCreateTestVideo } from '@/features/upload/api/create-test-video';
import { teamLevels, useLevel } from '@/lib/subscription/level-context';

/** What users without a subscription see on /upload. */
export const NO_SUBSCRIPTION_MESSAGE =
  "Once your subscription is activated you'll be able to upload your own videos. For the time being, you can review a test video to experiment with highlights and clips.";

export function TestVideoOffer() {
  const create = useCreateTestVideo();
  const navigate = useNavigate();
  const level = useLevel();
  return (
    <EmptyState
      icon={FlaskConicalIcon}
      title="Try it with a test video"
      action={
        <div className="flex flex-col items-center gap-2">
          <Button
            disabled={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                // Then the user goes to /team. /team takes levels athlete and team only;
                // anyone else would be sent to /login by its guard, so they go to their video library.
                onSuccess: () => void navigate(level && teamLevels.includes(level) ? '/team' : '/library/videos'),
              })
            }
          >
            {create.isPending ? 'Creating test video...' : 'Create a test video'}
          </Button>
          <ErrorAlert error={create.error} />
        </div>
      }
    >
      {NO_SUBSCRIPTION_MESSAGE}
    </EmptyState>
  );
}
