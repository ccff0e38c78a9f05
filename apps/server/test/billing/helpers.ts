import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from '../../src/plugins/response-serializer';
import { billingRoutes } from '../../src/modules/billing/billing.routes';
import { createBilling } from '../../src/modules/billing/billing.module';
import type { BillingDeps } from '../../src/modules/billing/billing.service';
import { createUsers } from '../../src/modules/users/users.module';
import { registerSignedInContext } from '../../src/plugins/auth';
import { registerErrorHandler } from '../../src/plugins/errors';
import type { TestApp } from '../helpers/test-app';
import { bearer, decode, signUp } from '../identity/helpers';

/** Signs up an identity account; `register` also creates its product record (users row). */
export async function account(t: TestApp, username: string, options: { register?: boolean; type?: string } = {}) {
  const res = await signUp(t, { email: `${username}@example.com`, username });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const access = res.json().tokens.access.value as string;
  const identityUserId = decode(access).userId as number;
  let productUserId: number | undefined;
  if (options.register !== false) {
    const { rows } = await t.runtime.db.$client.query(
      `INSERT INTO users (tenant_id, identity_user_id, username, type) VALUES ('demo', $1, $2, $3) RETURNING id`,
      [identityUserId, username, options.type ?? 'fan'],
    );
    productUserId = rows[0].id as number;
  }
  return { access, headers: bearer(access), identityUserId, productUserId };
}

export async function count(t: TestApp, table: 'subscriptions' | 'billing_events'): Promise<number> {
  const { rows } = await t.runtime.db.$client.query(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n as number;
}

/**
 * The billing plugin on its own Fastify instance, sharing the test app's runtime (database,
 * identity): the tests keep working whether or not app.ts registers the plugin too.
 */
/** The billing service on the test app's runtime; `config` is the billing configuration under test. */
export function createTestBilling(t: TestApp, options: Pick<BillingDeps, 'config' | 'now' | 'fetch'>) {
  const users = createUsers(t.runtime);
  return createBilling({ db: t.runtime.db, users, publicUrl: t.config.publicUrl, events: t.runtime.events, ...options });
}

export async function createBillingApp(t: TestApp, options: Pick<BillingDeps, 'config' | 'now' | 'fetch'>) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  const billing = createTestBilling(t, options);
  const users = createUsers(t.runtime);
  registerSignedInContext(app, { identity: t.runtime.identity, users });
  await app.register(billingRoutes, { billing });
  return app;
}
