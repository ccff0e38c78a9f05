/** What we need from any provider to find or create the account. */
export interface SocialProfile {
  /** The provider's stable subject id. */
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  image: string | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Apple sends `email_verified` as the string "true"; everyone else as a boolean. */
const isTrue = (v: unknown): boolean => v === true || v === 'true';

/**
 * OpenID Connect: ID token claims merged with the UserInfo response (which wins when present).
 * `appleUser` is the `user` JSON Apple posts on the first sign-in only (its ID token has no name).
 */
export function oidcProfile(claims: Record<string, unknown>, userInfo?: Record<string, unknown>, appleUser?: unknown): SocialProfile {
  const c = { ...claims, ...(userInfo ?? {}) };
  let name = str(c.name) ?? ([str(c.given_name), str(c.family_name)].filter(Boolean).join(' ') || undefined);
  if (!name && appleUser && typeof appleUser === 'object') {
    const n = (appleUser as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    name = [str(n?.firstName), str(n?.lastName)].filter(Boolean).join(' ') || undefined;
  }
  return {
    subject: String(c.sub ?? ''),
    email: str(c.email),
    emailVerified: isTrue(c.email_verified),
    name,
    image: str(c.picture),
  };
}

export interface GithubUser {
  id: number;
  login: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string | null;
}

export interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility?: string | null;
}

/**
 * GitHub (`GET /user` + `GET /user/emails`): only the primary address counts and only when GitHub
 * has verified it. `/user`'s public `email` is never trusted on its own (it carries no verification).
 */
export function githubProfile(user: GithubUser, emails: GithubEmail[]): SocialProfile {
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
  return {
    subject: String(user.id),
    email: str(primary?.email),
    emailVerified: primary?.verified === true,
    name: str(user.name) ?? str(user.login),
    image: str(user.avatar_url),
  };
}

export interface FacebookMe {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

/** Facebook (`GET /me?fields=id,name,email,picture`): Facebook only returns confirmed addresses. */
export function facebookProfile(me: FacebookMe): SocialProfile {
  const email = str(me.email);
  const picture = me.picture?.data;
  return {
    subject: String(me.id),
    email,
    emailVerified: !!email,
    name: str(me.name),
    image: picture && !picture.is_silhouette ? str(picture.url) : undefined,
  };
}
