import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { identityUsers } from './identity';
import { tenants } from './tenants';

/** The product's user record, one per identity account that registered. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    identityUserId: integer('identity_user_id').notNull().references(() => identityUsers.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email'),
    name: text('name'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    phone: text('phone'),
    image: text('image'),
    /** team (coach), athlete or fan; null until registration chose one. */
    type: text('type'),
    affiliate: text('affiliate'),
    /** Profile-card fields (jersey, sport, sportPosition, birthdate, height, weight, city, socials, kudos, ...). */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    /** Measurables the team owner verified (height, weight, jersey, sportPosition): the value as verified. */
    verified: jsonb('verified').$type<Record<string, unknown>>().notNull().default({}),
    /** The team the user activated (one team is 'Current'; docs/product.md#registration-and-teams). */
    activeChannelId: integer('active_channel_id'),
    /** Unread notifications are e-mailed (batched); switched off on /settings or by the e-mail's unsubscribe. */
    notificationEmail: boolean('notification_email').notNull().default(true),
    /** When the last notification e-mail went out: at most one per window. */
    notificationsMailedAt: ts('notifications_mailed_at'),
    /** Schedule e-mail (new, changed, cancelled items and reminders); switched off on /settings or by a mail's unsubscribe. */
    reminderEmail: boolean('reminder_email').notNull().default(true),
    /**
     * When the account first chose a type: the 8-day trial (docs/product.md#subscription-levels) counts from here. Set
     * once, by the database, and never by anything the user sends (a repeat registration must not
     * restart the trial).
     */
    trialStartedAt: ts('trial_started_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_username').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_identity').on(t.tenantId, t.identityUserId),
    // A team owner looks a member up by e-mail (any case).
    index('users_tenant_email').on(t.tenantId, sql`lower(${t.email})`),
  ],
);
