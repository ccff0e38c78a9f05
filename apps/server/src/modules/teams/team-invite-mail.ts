import { renderMail, type RenderedMail } from '../mail/templates/layout';

export interface TeamInviteData {
  /** `${PUBLIC_URL}/join/<token>`. */
  link: string;
  /** The coach's name, else their username. */
  inviter: string;
  /** The team's name (the channel description), else the channel name. */
  team: string;
  expiresDays: number;
}

// Names come from users; a line break must not reach a mail header.
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function teamInvite(data: TeamInviteData): RenderedMail {
  const inviter = oneLine(data.inviter);
  const team = oneLine(data.team);
  const expires = data.expiresDays === 1 ? '1 day' : `${data.expiresDays} days`;
  return renderMail(`${inviter} invited you to ${team} on Teamfilm`, {
    preheader: `Join ${team} on Teamfilm.`,
    heading: `Join ${team} on Teamfilm`,
    paragraphs: [
      'Hi,',
      `${inviter} invited you to join the team ${team} on Teamfilm, to watch game film, share clips and follow the team live.`,
      'Already have a Teamfilm account? Open the link and sign in to join. New to Teamfilm? Open the link and create an athlete account.',
    ],
    action: { label: `Join ${team}`, url: data.link },
    notes: [
      `The link works once and expires in ${expires}.`,
      `If you do not know ${inviter} or did not expect this invitation, you can ignore this email.`,
    ],
  });
}
