/** Error codes the web app's /login page gets as `?error=` (with a readable `message`). */
export const SOCIAL_ERRORS = {
  invalid_state: 'Your sign-in attempt expired or was already used. Please try again.',
  access_denied: 'Sign-in was cancelled at the provider.',
  email_missing: 'The provider did not share an email address for your account.',
  email_not_verified: 'Your email address is not verified with this provider. Verify it there, then try again.',
  provider_error: 'We could not complete sign-in with this provider. Please try again.',
} as const;
export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

/** A social sign-in that ends on /login with one of SOCIAL_ERRORS. */
export class SocialSignInError extends Error {
  constructor(readonly code: SocialErrorCode) {
    super(code);
  }
}
