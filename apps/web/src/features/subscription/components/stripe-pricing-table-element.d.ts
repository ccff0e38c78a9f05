import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/**
 * `<stripe-pricing-table>`, the custom element defined by https://js.stripe.com/v3/pricing-table.js.
 * React 19 passes these (hyphenated, non-property) names to the element as attributes.
 */
type StripePricingTableAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  'pricing-table-id': string;
  'publishable-key': string;
  /** Ends up on the Checkout session as `client_reference_id`: letters, digits, `-` and `_` only. */
  'client-reference-id'?: string;
  'customer-email'?: string;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': StripePricingTableAttributes;
    }
  }
}
