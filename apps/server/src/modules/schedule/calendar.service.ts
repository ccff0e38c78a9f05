import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@app/contracts/schedule';
import type { Caller } from '../../caller';
import { capabilityLink, unknownLink } from '../../capability-links';
import { tenantPublicUrl, type Config } from '../../config';
import type { Db } from '../../db/client';
import { createSecretBox } from '../identity/secret-box';
import type { UsersService } from '../users/users.service';
import { calendarFeed } from './calendar-feed';
import type { ScheduleRepo } from './schedule.repo';

const FEED_NOT_FOUND = 'Calendar not found.';
/** The feed shows this window: what calendar apps need, bounded. */
const PAST_MS = 90 * 86_400_000;
const AHEAD_MS = 400 * 86_400_000;

// 192 random bits; only the hash is stored, and a lookup by hash compares nothing secret in JavaScript.
const newToken = () => randomBytes(24).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The private calendar feed: `/cal/{token}.ics`, one per user, rotatable. */
export function createCalendarService({
  repo,
  db,
  config,
  users,
}: {
  repo: ScheduleRepo;
  db: Db;
  config: Pick<Config, 'publicUrl' | 'tenantId' | 'tenants'>;
  users: Pick<UsersService, 'requireRegistered'>;
}) {
  const box = createSecretBox(db);
  const feedLink = capabilityLink(db, async (token) => {
    const userId = /^[A-Za-z0-9_-]{32}$/.test(token) ? await repo.feedUser(hashOf(token)) : undefined;
    return userId === undefined ? null : { userId };
  });
  // Binds a sealed token to its user: a box copied onto another row does not open there.
  const boxContext = (userId: number) => `calendar-feed:${userId}`;
  // On the host of the user's tenant: the feed opens nowhere else.
  const urls = (tenantId: string, token: string): CalendarFeed => {
    const url = `${tenantPublicUrl(config, tenantId)}/cal/${token}.ics`;
    return { url, webcal: url.replace(/^https?:/, 'webcal:') };
  };
  async function issue(user: { id: number; tenantId: string }): Promise<CalendarFeed> {
    const token = newToken();
    await repo.setFeed(user.id, hashOf(token), await box.encrypt(token, boxContext(user.id)));
    return urls(user.tenantId, token);
  }

  return {
    /** `GET /api/user/calendar`: the feed's URL (made on first use). */
    async get(caller: Caller): Promise<CalendarFeed> {
      const user = await users.requireRegistered(caller);
      const sealed = await repo.feedOf(user.id);
      return sealed ? urls(user.tenantId, await box.decrypt(sealed, boxContext(user.id))) : issue(user);
    },
    async rotate(caller: Caller): Promise<CalendarFeed> {
      return issue(await users.requireRegistered(caller));
    },
    /** `GET /cal/{token}.ics` on the host of the feed's tenant. */
    async feed(hostTenantId: string, token: string): Promise<string> {
      const link = await feedLink(hostTenantId, token);
      const user = link && (await repo.user(link.userId));
      if (!user) throw unknownLink(FEED_NOT_FOUND);
      const now = Date.now();
      const items = await repo.list(user.id, await repo.channelsOf(user.id), new Date(now - PAST_MS), new Date(now + AHEAD_MS), 5000);
      // The events' UIDs keep PUBLIC_URL's host name: a calendar app would see new UIDs as new events.
      return calendarFeed({ publicUrl: tenantPublicUrl(config, user.tenantId), hostname: new URL(config.publicUrl).hostname, user, items });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
