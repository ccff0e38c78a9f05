import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  /** Where the web app goes after sign-in (GET /v0/self -> tenant.loginRedirectPath). */
  loginRedirectPath: text('login_redirect_path').notNull().default('/'),
  /** Native clients of this tenant must use the PKCE authorization-code exchange. */
  requirePkce: boolean('require_pkce').notNull().default(false),
  createdAt: createdAt(),
});
