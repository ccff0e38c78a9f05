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
    features: ['Team dashboard, members and invites', 'Create events and get the stream key', 'Record and upload videos', 'Profiles'],
  },
  {
    type: 'athlete',
    name: 'Athlete',
    price: '$9.99',
    interval: 'month',
    features: ['Record and upload videos', 'Your athlete profile', 'Team dashboard of your team'],
  },
  {
    type: 'fan',
    name: 'Fan',
    price: '$4.99',
    interval: 'month',
    features: ['Events and live streams', 'Clips, reels and the video library'],
  },
];
