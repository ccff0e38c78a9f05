import { renderMail, type RenderedMail } from '../../mail/templates/layout';
import { greeting, minutes } from '../../mail/templates/phrases';

export interface MagicLinkData {
  link: string;
  expiresMinutes: number;
  name?: string;
}

export function magicLink(data: MagicLinkData): RenderedMail {
  const expires = minutes(data.expiresMinutes);
  return renderMail('Your Teamfilm sign-in link', {
    preheader: `Your sign-in link expires in ${expires}.`,
    heading: 'Sign in to Teamfilm',
    paragraphs: [greeting(data.name), `Use the button below to sign in. The link expires in ${expires}.`],
    action: { label: 'Sign in to Teamfilm', url: data.link },
    notes: ['If you did not ask to sign in, you can ignore this email.'],
  });
}
