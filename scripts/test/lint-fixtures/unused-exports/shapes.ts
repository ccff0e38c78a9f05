export const usedInFile = 2;
export const imported = 1 + usedInFile;
export type ImportedType = { n: number };
export function dead() {
  return 3;
}
