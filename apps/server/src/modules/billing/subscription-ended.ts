declare module '../../domain-events' {
  interface DomainEventMap {
    /** A subscription was cancelled or deleted, in that change's transaction: what it paid for, its user may not now. */
    'billing.subscriptionEnded': { userId: number };
  }
}

export const SUBSCRIPTION_ENDED = 'billing.subscriptionEnded';
