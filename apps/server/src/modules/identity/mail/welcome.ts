import { renderMail, type RenderedMail } from '../../mail/templates/layout';
import { greeting } from '../../mail/templates/phrases';

export interface WelcomeData {
  appUrl: string;
  name?: string;
}

export function welcome(data: WelcomeData): RenderedMail {
  return renderMail('Welcome to Teamfilm', {
    preheader: 'Your Teamfilm account is ready.',
    heading: 'Welcome to Teamfilm',
    paragraphs: [
      greeting(data.name),
      'Your account is ready. Upload game film, cut clips and reels, and follow your team live.',
    ],
    action: { label: 'Open Teamfilm', url: data.appUrl },
    notes: ['If you did not create a Teamfilm account, you can ignore this email.'],
  });
}
