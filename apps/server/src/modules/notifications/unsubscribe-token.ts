import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

// The purpose is signed with the user: a token made for something else never switches e-mail off.
const PURPOSE = 'notification-email-off';

/** The key that signs unsubscribe links, shared by every node through the database. */
export const unsubscribeKey = (db: Db): Promise<string> => getOrCreateSecret(db, 'unsubscribe-link-signing');

const mac = (key: string, userId: number) => createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest('base64url');

/** `<user id>.<HMAC>`: lasts as long as the key, as an unsubscribe link in an old e-mail must. */
export const unsubscribeToken = (key: string, userId: number): string => `${userId}.${mac(key, userId)}`;

/** The user a token was signed for, or null for anything we did not sign (compared in constant time). */
export function unsubscribedUser(key: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
