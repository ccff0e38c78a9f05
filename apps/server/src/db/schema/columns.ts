import { timestamp } from 'drizzle-orm/pg-core';

/** The column helpers every table file uses. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
