// A deliberate import cycle for scripts/test/lint-rules.test.mjs (this folder is outside the lint).
import { b } from './cycle-b';

export const a = () => b() + 1;
