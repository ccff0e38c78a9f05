/** Paths the app links to from more than one place. Pages own their own sub-paths. */
export const paths = {
  home: '/',
  login: '/login',
  reset: '/reset',
  register: '/register',
  logout: '/logout',
  team: '/team',
  library: '/library',
  upload: '/upload',
  live: '/live',
  profile: '/profile',
  events: '/events',
  subscribe: '/subscribe',
  settings: '/settings',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** `/login?redirect=<origin>`: sign-in returns the user to where they were heading. */
export function loginWithRedirect(origin: string) {
  return `${paths.login}?redirect=${encodeURIComponent(origin)}`;
}
