import { c } from '../c/c';

export type B = number;
export const b = c;
