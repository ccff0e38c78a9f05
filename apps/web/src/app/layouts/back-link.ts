import { matchPath } from 'react-router';

/**
 * The pages a back link can lead to, named as a person would say them. Naming the
 * link after the last path segment, which reads as a raw id on a video page ('< 2086fbd9-...') and
 * as 'videos' on /team/videos while it leads to /team, so the link is named after where it goes.
 */
const parentPages: [pattern: string, name: string][] = [
  ['/team', 'Team'],
  ['/team/members', 'Members'],
  ['/team/videos', 'Videos'],
  ['/team/clips', 'Clips'],
  ['/team/clips/:clipId', 'Clip'],
  ['/team/messages', 'Message Board'],
  ['/team/schedule', 'Schedule'],
  ['/library', 'Library'],
  ['/library/videos', 'Videos'],
  ['/library/clips', 'Clips'],
  ['/library/reels', 'Reels'],
  ['/library/reels/:reelId', 'Reel'],
  ['/upload', 'Upload'],
  ['/live', 'Live'],
  ['/live/upcoming', 'Upcoming Games'],
  ['/live/archives', 'Archives'],
  ['/profile', 'Profile'],
];

/**
 * The header's back link: the parent path, named after that page. None on top-level pages, nor
 * where the parent is not a page (an unknown address).
 */
export function getBackLink(pathname: string): { to: string; label: string } | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length < 2) return null;
  // A sport's games have no /sport page above them: they are a filter of the live index's game finder.
  if (segments[0] === 'sport') return { to: '/live', label: 'Live' };
  const to = `/${segments.slice(0, -1).join('/')}`;
  const page = parentPages.find(([pattern]) => matchPath(pattern, to));
  return page ? { to, label: page[1] } : null;
}
