/**
 * Spec section 2: the header's back link goes to the parent path and is named after the LAST path
 * segment (on /library/videos/all: a link to /library/videos labelled "all"). None on top-level pages.
 */
export function getBackLink(pathname: string): { to: string; label: string } | null {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (segments.length < 2 || last === undefined) return null;
  let label = last;
  try {
    label = decodeURIComponent(last);
  } catch {
    // Malformed escapes: show the segment as typed.
  }
  return { to: `/${segments.slice(0, -1).join('/')}`, label };
}
