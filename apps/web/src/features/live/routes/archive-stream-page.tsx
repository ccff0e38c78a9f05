import { useParams } from 'react-router';

import { EventPage } from '@/features/live/components/event-page';

/** /live/archives/:streamId: a past game's recording with its clips and highlights. */
export function Component() {
  const { streamId = '' } = useParams();
  // Keyed by event: another game's page starts from a fresh player.
  return <EventPage key={streamId} eventKey={streamId} mode="archive" />;
}
