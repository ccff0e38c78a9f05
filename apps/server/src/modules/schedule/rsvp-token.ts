import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { getOrCreateSecret } from '../../db/app-secrets';

/**
 * Signed, single-purpose links in schedule e-mail: an answer link for one member and one item, and the
 * unsubscribe link that switches schedule e-mail off. The purpose is signed with the ids, so neither works
 * as the other, and a link for another member or item does not verify.
 */
const RSVP = 'schedule-rsvp';
const MAIL_OFF = 'schedule-email-off';
/** An answer link of a weekly series' e-mail: it answers the item and the later ones of its series. */
const RSVP_SERIES = 'schedule-rsvp-series';

export const scheduleLinkKey = (db: Db): Promise<string> => getOrCreateSecret(db, 'schedule-link-signing');

const mac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('base64url');

function verified(key: string, message: string, given: string): boolean {
  const expected = Buffer.from(mac(key, message));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** `<user id>.<item id>.<HMAC>`; a `series` link answers the item and the later ones of its series. */
export const rsvpToken = (key: string, userId: number, itemId: string, series = false): string =>
  `${userId}.${itemId}.${mac(key, `${series ? RSVP_SERIES : RSVP}:${userId}:${itemId}`)}`;

export function rsvpTokenOf(key: string, token: string): { userId: number; itemId: string; series: boolean } | null {
  const match = /^([1-9]\d{0,9})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const signedFor = (purpose: string) => verified(key, `${purpose}:${userId}:${match[2]}`, match[3]!);
  if (signedFor(RSVP)) return { userId, itemId: match[2]!, series: false };
  return signedFor(RSVP_SERIES) ? { userId, itemId: match[2]!, series: true } : null;
}

/** `<user id>.<HMAC>`: lasts as long as the key, as an unsubscribe link in an old e-mail must. */
export const scheduleMailOffToken = (key: string, userId: number): string => `${userId}.${mac(key, `${MAIL_OFF}:${userId}`)}`;

export function scheduleMailOffUser(key: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  return verified(key, `${MAIL_OFF}:${userId}`, match[2]!) ? userId : null;
}
