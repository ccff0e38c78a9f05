import { imported, type ImportedType } from './shapes';

export const fromAnEntry = 5;
const value: ImportedType = { n: imported };
export const later = () => import('./lazy').then((m) => m.loadedLazily + value.n);
