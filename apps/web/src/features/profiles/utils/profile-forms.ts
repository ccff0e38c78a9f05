import { athleteCardBody, profilePageBody } from '@app/contracts/profiles';
import { birthdateSchema } from '@app/contracts/user-me';

import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/**
 * The athlete card's form: first and last name at least 2, the username's rules, jersey a number of at
 * least 1, birthdate optional but a date, the rest optional text. The server's own rules, so a value
 * the form takes is one the server takes; the names are required here (an empty one is a 2-character
 * miss), the e-mail is not part of it. Stripping, not strict: the form also holds its own message slot.
 */
export const athleteFormSchema = athleteCardBody.omit({ email: true }).required({ firstname: true, lastname: true, username: true }).strip();

/** The profile page's form: name and username required, the rest optional; the e-mail shows but never changes. */
export const profilePageFormSchema = profilePageBody.omit({ email: true }).required({ name: true, username: true }).strip();

export const ATHLETE_FIELDS = [
  'firstname',
  'lastname',
  'username',
  'jersey',
  'sport',
  'sportPosition',
  'birthdate',
  'height',
  'weight',
  'instagram',
  'twitter',
  'tiktok',
  'kudos1',
  'kudos2',
  'kudos3',
  'coachcorner',
  'shoutout',
  'beyond',
] as const;

export const PROFILE_PAGE_FIELDS = ['name', 'username', 'phone', 'city', 'birthdate', 'sport', 'sportPosition', 'height', 'weight', 'instagram', 'twitter', 'tiktok'] as const;

/** The form's text values from the record (a stored ISO birthdate as its day). */
export function formValues<K extends string>(fields: readonly K[], me: Partial<Record<string, unknown>>): Record<K, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = me[field];
      const text = value === undefined || value === null ? '' : String(value);
      return [field, field === 'birthdate' ? text.slice(0, 10) : text];
    }),
  ) as Record<K, string>;
}

/** The submit-time check the product alerts about (a bad birthdate stops the save with an alert). */
export function birthdateProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const result = birthdateSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
}

/** Both profile forms: a submit with a bad birthdate alerts the product's message (the form then stops on the field). */
export function alertBirthdateProblem(value: string): void {
  const problem = birthdateProblem(value);
  if (problem) window.alert(problem);
}

/** Both profile forms: a taken username (409) shows under Username, any other failure above the form. */
export function showSaveError(form: { setError(field: 'username' | 'formError', message: string, options?: { shouldFocus?: boolean }): void }, error: unknown): void {
  if (error instanceof ApiError && error.statusCode === 409) form.setError('username', error.message);
  else form.setError('formError', errorMessage(error), { shouldFocus: false });
}

