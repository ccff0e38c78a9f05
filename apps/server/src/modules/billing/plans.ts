import type { Plan } from '@app/contracts/billing';

/**
 * The built-in pricing table (local test billing), the same three plans as the Stripe pricing
 * tables. Prices are display placeholders: with Stripe, the pricing table shows the real ones.
 */
export const PLANS: readonly Plan[] = [
  {
    type: 'team',
    name: 'Team',
    price: '$29.99',
    interval: 'month',
    // 'Profiles' comes back as the last feature once /profile shows a profile card: only what is built is sold.
    features: ['Team dashboard, members and invites', 'Create events and get the stream key', 'Record and upload videos'],
  },
  {
    type: 'athlete',
    name: 'Athlete',
    price: '$9.99',
    interval: 'month',
    // 'Your athlete profile' comes back (second) once /profile shows a profile card.
    features: ['Record and upload videos', 'Team dashboard of your team'],
  },
  {
    type: 'fan',
    name: 'Fan',
    price: '$4.99',
    interval: 'month',
    features: ['Events and live streams', 'Clips, reels and the video library'],
  },
];
