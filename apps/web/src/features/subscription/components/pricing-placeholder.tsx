import { CreditCardIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';

/** Where the pricing table for the user's type will be embedded (accounts and subscriptions issue). */
export function PricingPlaceholder({ action }: { action?: React.ReactNode }) {
  return (
    <EmptyState icon={CreditCardIcon} action={action}>
      The plans for your account will appear here.
    </EmptyState>
  );
}
