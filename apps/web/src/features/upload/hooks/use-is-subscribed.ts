import { useUsage } from '@/lib/billing/get-usage';

/**
 * Whether the user has a subscription (subscribed = items non-empty). The level
 * alone cannot tell: a new coach or athlete has level team or athlete for 8 days without one.
 */
export function useIsSubscribed() {
  const usage = useUsage();
  return {
    /** Undefined while unknown. A failed load counts as subscribed here: the server still refuses an upload it must not take, and a network hiccup should not hide the uploader. */
    subscribed: usage.isPending ? undefined : usage.isError ? true : usage.data.items.length > 0,
  };
}
