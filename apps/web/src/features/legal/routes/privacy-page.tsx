import { useConfig } from '@/config/config-context';
import { LegalDocument } from '@/features/legal/components/legal-document';

/** /privacy: the privacy policy accepted at registration. */
export function Component() {
  const { privacyUrl } = useConfig();
  return (
    <LegalDocument title="Privacy Policy" configuredUrl={privacyUrl}>
      <h2>What we keep</h2>
      <ul>
        <li>Your account: email, username, name, role and, if you add them, your profile details and pictures.</li>
        <li>What you share: videos, clips, highlights, messages and comments.</li>
        <li>Sign-in records: your active sessions, so you can see and end them in Settings.</li>
      </ul>
      <h2>Why</h2>
      <p>
        Only to run the service: to sign you in, to show your team what you share with it, to bill your subscription
        and to keep the service safe. We do not sell your data or show advertising.
      </p>
      <h2>Who sees it</h2>
      <p>
        Your team sees your profile and what you share with it. Payments are handled by the payment provider, who
        receives your email and plan. Nobody else receives your data unless the law requires it.
      </p>
      <h2>Your choices</h2>
      <p>
        You can correct your profile at any time, end your sessions in Settings, and ask for a copy of your data or for
        your account to be deleted.
      </p>
    </LegalDocument>
  );
}
