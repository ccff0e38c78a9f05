import { RecentClips } from '@/features/clips/components/recent-clips';
import { MembersPreview } from '@/features/members/components/members-preview';
import { SchedulePreview } from '@/features/schedule/components/schedule-preview';
import { TalkPreview } from '@/features/talk/components/talk-preview';
import { TeamPage } from '@/features/team/routes/team-page';
import { RecentVideos } from '@/features/videos/components/recent-videos';

/** The dashboard shows the 2 newest videos. */
const DASHBOARD_VIDEOS = 2;
/** The dashboard shows the 3 newest clips. */
const DASHBOARD_CLIPS = 3;

/**
 * /team: the team dashboard, with the members feature's team, the videos and clips features' newest, the talk
 * feature's newest board messages and activity and the schedule feature's next items (composed here because
 * features never import each other).
 */
export function Component() {
  return (
    <TeamPage
      sections={{
        members: <MembersPreview />,
        videos: (
          <RecentVideos
            limit={DASHBOARD_VIDEOS}
            videoPath={(key) => `/team/videos/${encodeURIComponent(key)}`}
            empty="Your latest game videos will appear here."
          />
        ),
        clips: (
          <RecentClips
            scope="team"
            limit={DASHBOARD_CLIPS}
            clipsPath="/team/clips"
            // The three in one row on a laptop, where the card is wide enough.
            className="lg:grid-cols-3"
            empty="New highlights from your games will appear here."
          />
        ),
        board: <TalkPreview list="board" />,
        activity: <TalkPreview list="activity" />,
        schedule: <SchedulePreview />,
      }}
    />
  );
}
