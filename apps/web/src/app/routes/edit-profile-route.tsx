import { TeamActivation } from '@/features/members/components/team-activation';
import { EditProfilePage } from '@/features/profiles/routes/edit-profile-page';

/** /profile/edit: the profiles feature's page with the members feature's team activation in it (composed here because features never import each other). */
export function Component() {
  return <EditProfilePage teams={<TeamActivation />} />;
}
