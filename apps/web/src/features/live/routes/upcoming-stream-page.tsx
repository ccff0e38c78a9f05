import { useParams } from 'react-router';

import { EventPage } from '@/features/live/components/event-page';

/** /live/upcoming/:streamId: an upcoming game with its countdown; it becomes the viewer when it goes live. */
export function Component() {
  const { streamId = '' } = useParams();
  // Keyed by event: another game's page starts from a fresh player.
  return <EventPage key={streamId} eventKey={streamId} mode="upcoming" />;
}
