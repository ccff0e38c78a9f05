import { PersonRegistration } from '@/features/registration/components/person-registration';

/** /register/fan: then /register/subscribe/fan. */
export function Component() {
  return <PersonRegistration type="fan" title="Fan Registration" />;
}
