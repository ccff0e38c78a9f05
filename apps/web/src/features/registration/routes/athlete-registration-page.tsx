import { PersonRegistration } from '@/features/registration/components/person-registration';

/** /register/athlete: then /register/subscribe/athlete. */
export function Component() {
  return <PersonRegistration type="athlete" title="Athlete Registration" />;
}
