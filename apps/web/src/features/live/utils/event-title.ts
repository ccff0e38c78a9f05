import { SPORTS, toSportCode, type LiveEvent, type LiveStream } from '@app/contracts/live';

/** A stream card shows its title, or "teamA vs teamB" when the title is empty. */
export function streamTitle(stream: Pick<LiveStream, 'title' | 'teamA' | 'teamB'>): string {
  if (stream.title.trim()) return stream.title;
  if (stream.teamA && stream.teamB) return `${stream.teamA} vs ${stream.teamB}`;
  return stream.teamA ?? 'Game';
}

/**
 * Who plays and what, for a card: "Hawks vs Owls · Ice Hockey", or the team alone ("Hawks · Ice Hockey");
 * the teams are left out when the title already names them.
 */
export function streamTeamsAndSport(stream: Pick<LiveStream, 'title' | 'teamA' | 'teamB' | 'sport'>): string {
  const teams = stream.teamA && stream.teamB ? `${stream.teamA} vs ${stream.teamB}` : stream.teamA;
  const code = toSportCode(stream.sport);
  const sport = code ? SPORTS[code] : stream.sport;
  return [teams && teams !== streamTitle(stream) ? teams : null, sport].filter(Boolean).join(' · ');
}

/** "Sat, Mar 8, 7:30 PM" in the reader's locale; '' for a date that does not parse. */
export function formatEventDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** "1d 02:03:04" / "02:03:04" until `target`; null once it has passed. */
export function countdown(targetMs: number, nowMs: number): string | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (!(left > 0)) return null;
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The title of a game: its teams ("A vs B") or its name. */
export function eventTitle(event: Pick<LiveEvent, 'eventTeams' | 'eventName'>): string {
  return event.eventTeams.length > 1 ? event.eventTeams.join(' vs ') : event.eventName || event.eventTeams[0] || 'Game';
}
