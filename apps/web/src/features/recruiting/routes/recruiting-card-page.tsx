import { IdCardIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';

import { usePublicCard } from '../api/get-public-card';
import { RecruitingCard } from '../components/recruiting-card';

const NOT_AVAILABLE = 'This card is not available';

/** /a/:cardId: an athlete's recruiting card, open to anyone with the link (`GET /api/a/{id}`). */
export function Component() {
  const { cardId = '' } = useParams();
  const card = usePublicCard(cardId);
  const session = useSession();
  useDocumentTitle(card.data ? (card.data.name ?? 'Recruiting card') : NOT_AVAILABLE);
  if (card.isPending) return <PageLoading />;
  if (card.isError) {
    // 404: an unknown link and one its athlete switched off or replaced look the same.
    if (card.error instanceof ApiError && card.error.statusCode === 404) {
      return (
        <EmptyState icon={IdCardIcon} title={<h1>{NOT_AVAILABLE}</h1>} className="mx-auto w-full max-w-md">
          The link may be mistyped, or the athlete switched it off or replaced it. Ask them for a new link.
        </EmptyState>
      );
    }
    return (
      <EmptyState
        icon={IdCardIcon}
        title={<h1>This card could not be loaded</h1>}
        className="mx-auto w-full max-w-md"
        action={
          <Button variant="outline" onClick={() => void card.refetch()}>
            Try again
          </Button>
        }
      >
        <ErrorAlert error={card.error} />
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <RecruitingCard card={card.data} onReelError={() => void card.refetch()} />
      {session.isLoggedIn ? null : (
        <p className="text-muted-foreground text-center text-sm">
          Film, clips and cards for your team on {APP_NAME}.{' '}
          <Link to={paths.register} className="text-foreground font-medium underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      )}
    </div>
  );
}
