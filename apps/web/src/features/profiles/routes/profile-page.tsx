import { IdCardIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /profile: the signed-in athlete's profile card. */
export function Component() {
  return (
    <Page
      title="Profile"
      description="How your teammates and fans see you."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/profile/edit">
            <PencilIcon aria-hidden="true" />
            Edit Profile
          </Link>
        </Button>
      }
    >
      <EmptyState icon={IdCardIcon}>Your profile card, photos and kudos will appear here.</EmptyState>
    </Page>
  );
}
