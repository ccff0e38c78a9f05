import { useConfig } from '@/config/config-context';
import { LegalDocument } from '@/features/legal/components/legal-document';

/** /terms: the terms of service accepted at registration. */
export function Component() {
  const { termsUrl } = useConfig();
  return (
    <LegalDocument title="Terms of Service" configuredUrl={termsUrl}>
      <h2>Your account</h2>
      <p>
        You register as a coach, an athlete or a fan, and you keep your password and second factor to yourself. You are
        responsible for what is done with your account.
      </p>
      <h2>Your videos and clips</h2>
      <p>
        You keep the rights to the videos you upload and the clips you make. You allow the service to store, convert and
        show them to the people you share them with (your team, its members and, for public events, their fans).
      </p>
      <h2>Fair use</h2>
      <ul>
        <li>Upload only footage you have the right to share, and respect the people in it.</li>
        <li>Do not harass other members in messages or comments.</li>
        <li>Do not try to reach videos, teams or accounts you were not given access to.</li>
      </ul>
      <h2>Subscriptions</h2>
      <p>
        Paid plans renew each period until you cancel; you can cancel at any time and keep access until the end of the
        period you paid for.
      </p>
      <h2>Ending</h2>
      <p>
        You may close your account at any time. An account that breaks these terms may be suspended after a warning,
        or at once when others are at risk.
      </p>
    </LegalDocument>
  );
}
