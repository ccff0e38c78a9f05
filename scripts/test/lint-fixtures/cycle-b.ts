// The other half of the deliberate cycle (see cycle-a.ts).
import { a } from './cycle-a';

export const b = (): number => (Math.random() > 2 ? a() : 0);
