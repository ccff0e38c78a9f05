import { z } from 'zod';

/** Subscription levels of spec section 6. */
export const level = z.enum(['none', 'fan', 'athlete', 'team']);
export type Level = z.infer<typeof level>;
