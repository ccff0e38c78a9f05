import { useParams } from 'react-router';

import { EventPage } from '@/features/live/components/event-page';

/** /live/:streamId: the live event viewer. */
export function Component() {
  const { streamId = '' } = useParams();
  // Keyed by event: another game's page starts from a fresh player.
  return <EventPage key={streamId} eventKey={streamId} mode="live" />;
}
