import { escapeHtml } from './escape-html';
import { PRODUCT_NAME } from './phrases';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What a message says, as plain strings; the layout escapes them and renders both the HTML and the text part. */
export interface MailContent {
  /** The inbox preview most clients show after the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A one-time code, shown large. */
  code?: string;
  /** Small print after the action: expiry, "ignore this if it was not you". */
  notes?: string[];
  /** Entries each with their own link (a digest), between the paragraphs and the action. */
  items?: { heading: string; text: string; link: { label: string; url: string } }[];
  /** The page that stops these e-mails, linked in the small print. */
  unsubscribe?: { label: string; url: string };
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Only links we generate go into mails; refusing anything but http(s) keeps `javascript:` out of an href. */
function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`mail links must be http(s), got ${parsed.protocol}`);
  return url;
}

function paragraph(text: string, style = 'margin:0 0 16px;'): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

function button(label: string, url: string): string {
  const href = escapeHtml(url);
  // A table cell with bgcolor is the button Outlook still draws; the padded link makes the whole area clickable.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="#18181b" style="border-radius:6px;background-color:#18181b;">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#52525b;">If the button does not work, copy this link into your browser:<br><a href="${href}" target="_blank" style="color:#2563eb;word-break:break-all;">${escapeHtml(url)}</a></p>`;
}

function item(entry: NonNullable<MailContent['items']>[number]): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;border-left:3px solid #e4e4e7;">
<tr><td style="padding:4px 0 4px 12px;font-family:${FONT};font-size:15px;line-height:22px;color:#27272a;">
<strong>${escapeHtml(entry.heading)}</strong><br>${escapeHtml(entry.text)}<br>
<a href="${escapeHtml(checkedUrl(entry.link.url))}" target="_blank" style="color:#2563eb;">${escapeHtml(entry.link.label)}</a>
</td></tr></table>`;
}

function codeBlock(code: string): string {
  return `<p style="margin:8px 0 24px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:32px;line-height:40px;font-weight:700;letter-spacing:6px;color:#18181b;">${escapeHtml(code)}</p>`;
}

export function renderHtml(subject: string, content: MailContent): string {
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;font-weight:700;color:#18181b;">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => paragraph(p)),
    ...(content.items ?? []).map(item),
    content.action ? button(content.action.label, checkedUrl(content.action.url)) : '',
    content.code !== undefined ? codeBlock(content.code) : '',
    ...(content.notes ?? []).map((n) => paragraph(n, 'margin:0 0 12px;font-size:14px;line-height:20px;color:#52525b;')),
    content.unsubscribe
      ? `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:#52525b;"><a href="${escapeHtml(checkedUrl(content.unsubscribe.url))}" target="_blank" style="color:#52525b;">${escapeHtml(content.unsubscribe.label)}</a></p>`
      : '',
  ].filter(Boolean);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px 0;font-family:${FONT};font-size:20px;line-height:28px;font-weight:700;color:#18181b;">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:16px 32px 24px;font-family:${FONT};font-size:16px;line-height:24px;color:#27272a;">
${body.join('\n')}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${FONT};font-size:12px;line-height:16px;color:#a1a1aa;">${PRODUCT_NAME}</p>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderText(content: MailContent): string {
  const blocks = [content.heading, ...content.paragraphs];
  for (const entry of content.items ?? []) blocks.push(`${entry.heading}\n${entry.text}\n${entry.link.label}: ${checkedUrl(entry.link.url)}`);
  if (content.action) blocks.push(`${content.action.label}:\n${checkedUrl(content.action.url)}`);
  if (content.code !== undefined) blocks.push(content.code);
  blocks.push(...(content.notes ?? []));
  if (content.unsubscribe) blocks.push(`${content.unsubscribe.label}:\n${checkedUrl(content.unsubscribe.url)}`);
  blocks.push(`-- \n${PRODUCT_NAME}`);
  return `${blocks.join('\n\n')}\n`;
}

export function renderMail(subject: string, content: MailContent): RenderedMail {
  return { subject, text: renderText(content), html: renderHtml(subject, content) };
}
