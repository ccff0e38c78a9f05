import { z } from 'zod';

/** Subscription levels (docs/product.md#subscription-levels). */
export const level = z.enum(['none', 'fan', 'athlete', 'team']);
export type Level = z.infer<typeof level>;
