import { renderMail, type RenderedMail } from '../mail/templates/layout';
import { greeting, PRODUCT_NAME } from '../mail/templates/phrases';

export interface NotificationDigestData {
  name?: string;
  /** Newest first: who (their name, or null), what they wrote, and the link that opens it. */
  items: { publisher: string | null; message: string; url: string }[];
  /** Unread notifications in all (some may have been mailed before or not be listed). */
  unread: number;
  /** Where all notifications are. */
  notificationsUrl: string;
  /** The page that switches these e-mails off (one click there). */
  unsubscribeUrl: string;
}

/** At most this many are listed; the rest are counted. */
export const DIGEST_ITEMS_MAX = 20;
const MESSAGE_CHARS = 300;

// Messages come from users: one line each, bounded, and escaped by the layout.
const oneLine = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export function notificationDigest(data: NotificationDigestData): RenderedMail {
  const listed = data.items.slice(0, DIGEST_ITEMS_MAX);
  const unread = Math.max(data.unread, data.items.length);
  const count = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
  const first = listed[0];
  const subject =
    data.items.length === 1 && first?.publisher ? `${oneLine(first.publisher, 60)} wrote to you on ${PRODUCT_NAME}` : `You have ${count} on ${PRODUCT_NAME}`;
  const more = data.items.length - listed.length;
  return renderMail(subject, {
    preheader: first ? oneLine(`${first.publisher ?? PRODUCT_NAME}: ${first.message}`, 120) : `You have ${count}.`,
    heading: `You have ${count}`,
    paragraphs: [greeting(data.name), 'While you were away:'],
    items: listed.map((item) => ({
      heading: item.publisher ? oneLine(item.publisher, 60) : PRODUCT_NAME,
      text: oneLine(item.message, MESSAGE_CHARS),
      link: { label: 'Open it', url: item.url },
    })),
    notes: [...(more > 0 ? [`And ${more} more.`] : []), 'Already read them? Then you can ignore this email.'],
    action: { label: 'See all notifications', url: data.notificationsUrl },
    unsubscribe: { label: 'Stop these e-mails (you can switch them back on in Settings)', url: data.unsubscribeUrl },
  });
}
