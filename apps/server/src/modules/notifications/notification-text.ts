import { displayName } from '@app/contracts/user-me';

/** Who a notification is from, as the users table has them now (null: the account is gone). */
export type Publisher = { username: string; name: string | null } | null;

/**
 * What a notification says, made when it is read: a mention (it points at the message that
 * mentioned) stores only the excerpt, so the mentioner shows by their name as it is today; a
 * direct message is the sender's own text.
 */
export function notificationText(row: { message: string; messageId: string | null }, publisher: Publisher): string {
  if (row.messageId === null) return row.message;
  return `${publisher ? displayName(publisher) : 'A former teammate'} mentioned you: ${row.message}`;
}

/** The sender's name as the bell and the e-mail show it. */
export const publisherName = (publisher: Publisher): string | null => (publisher ? displayName(publisher) : null);
