export const PRODUCT_NAME = 'Teamfilm';

export function minutes(n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`expiresMinutes must be a positive integer, got ${n}`);
  return n === 1 ? '1 minute' : `${n} minutes`;
}

export function greeting(name: string | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}
