import type { Db } from '../../db/client';
import { legacySecret, tokenSigner, userIdField } from '../../signed-token';

/**
 * The notification e-mail's unsubscribe link, `<user id>.<HMAC>`: it never expires, as a link in an old
 * e-mail must not, and links signed with the key of before the root secret keep working.
 */
export async function unsubscribeLinks(db: Db) {
  const purpose = (await tokenSigner(db)).purpose('notification-email-off', { fields: 1, legacyKey: await legacySecret(db, 'unsubscribe-link-signing') });
  return {
    token: (userId: number): string => purpose.sign([userId]),
    /** The user a token was signed for, or null for anything we did not sign. */
    userOf(token: string): number | null {
      const fields = purpose.verify(token);
      return fields && userIdField(fields[0]!);
    },
  };
}
