import type { B } from '../b/b.service';
import { local } from './local';

export type A = B | typeof local;
