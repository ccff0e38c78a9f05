import { SchedulePreview } from '@/features/schedule/components/schedule-preview';
import { TalkPreview } from '@/features/talk/components/talk-preview';
import { TeamPage } from '@/features/team/routes/team-page';

/**
 * /team: the team dashboard, with the talk feature's newest board messages and activity and the schedule
 * feature's next items (composed here because features never import each other).
 */
export function Component() {
  return <TeamPage sections={{ board: <TalkPreview list="board" />, activity: <TalkPreview list="activity" />, schedule: <SchedulePreview /> }} />;
}
