import { isWebUrl } from '@/features/talk/utils/item-link';

/** A run of a message: plain text, or a web address to link. */
export type LinkPart = { text: string; href?: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.example/a.").
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits a message at its http(s) addresses; nothing else (no `javascript:`, no HTML) becomes a link. */
export function splitLinks(text: string): LinkPart[] {
  const parts: LinkPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING, '');
    if (!isWebUrl(href)) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: href, href });
    at = match.index + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
