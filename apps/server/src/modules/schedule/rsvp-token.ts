import type { Db } from '../../db/client';
import { isUuid } from '../../uuid';
import { legacySecret, tokenSigner, userIdField } from '../../signed-token';

/**
 * Signed, single-purpose links in schedule e-mail: an answer link for one member and one item, and the
 * unsubscribe link that switches schedule e-mail off. Each is its own purpose, so neither works as the
 * other, and a link for another member or item does not verify. They never expire (links in old e-mail),
 * and links signed with the key of before the root secret keep working.
 */
export async function scheduleLinks(db: Db) {
  const signer = await tokenSigner(db);
  const legacyKey = await legacySecret(db, 'schedule-link-signing');
  const rsvp = signer.purpose('schedule-rsvp', { fields: 2, legacyKey });
  /** An answer link of a weekly series' e-mail: it answers the item and the later ones of its series. */
  const rsvpSeries = signer.purpose('schedule-rsvp-series', { fields: 2, legacyKey });
  const mailOff = signer.purpose('schedule-email-off', { fields: 1, legacyKey });

  return {
    /** `<user id>.<item id>.<HMAC>`. */
    rsvpToken: (userId: number, itemId: string, series = false): string => (series ? rsvpSeries : rsvp).sign([userId, itemId]),
    rsvpTokenOf(token: string): { userId: number; itemId: string; series: boolean } | null {
      for (const [purpose, series] of [[rsvp, false], [rsvpSeries, true]] as const) {
        const fields = purpose.verify(token);
        const userId = fields && userIdField(fields[0]!);
        if (userId && isUuid(fields[1]!)) return { userId, itemId: fields[1]!, series };
      }
      return null;
    },
    /** `<user id>.<HMAC>`. */
    mailOffToken: (userId: number): string => mailOff.sign([userId]),
    mailOffUser(token: string): number | null {
      const fields = mailOff.verify(token);
      return fields && userIdField(fields[0]!);
    },
  };
}
