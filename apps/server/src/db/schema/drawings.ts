import type { Shape } from '@app/contracts/film';
import { doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { tenants } from './tenants';
import { users } from './users';
import { videos } from './videos';

/**
 * A drawing on the frame at `atSec` of a video (seconds of the video), which playback and exports hold for
 * `holdSec`. `shapes` are the contract's shapes as the maker sent them (their bounds are the contract's).
 */
export const drawings = pgTable(
  'drawings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    videoId: uuid('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
    makerUserId: integer('maker_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    atSec: doublePrecision('at_sec').notNull(),
    holdSec: doublePrecision('hold_sec').notNull(),
    shapes: jsonb('shapes').$type<Shape[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('drawings_video_at').on(t.videoId, t.atSec)],
);
