import { planType, type PlanType } from '@app/contracts/billing';
import { ConfigError } from '../config-error';

export interface StripeBillingConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  pricingTableIds: Record<PlanType, string>;
  /** Stripe price id -> plan type (`STRIPE_PRICE_TYPES=price_123=team,price_456=athlete`). */
  priceTypes: Record<string, PlanType>;
  /** True for `sk_test_`/`rk_test_` keys. */
  testMode: boolean;
}

export interface BillingConfig {
  provider: 'local' | 'stripe';
  nodeEnv: 'development' | 'production' | 'test';
  /** `LOCAL_BILLING_IN_PRODUCTION=true`: allow the built-in test billing when NODE_ENV=production. */
  localInProduction: boolean;
  stripe: StripeBillingConfig | undefined;
}

const truthy = new Set(['true', '1', 'yes']);
const boolValues = new Set(['true', 'false', '1', '0', 'yes', 'no']);

/**
 * Billing settings from the environment (same source as `loadConfig`). Stripe is the provider when
 * `STRIPE_SECRET_KEY` is set (as in `config.billing.provider`); it then needs the publishable key,
 * the webhook secret and one pricing table per type. Unset and empty values are the same.
 */
export function loadBillingConfig(source: Record<string, string | undefined> = process.env): BillingConfig {
  const env = (name: string): string | undefined => {
    const v = source[name]?.trim();
    return v ? v : undefined;
  };
  const problems: string[] = [];
  const nodeEnvRaw = env('NODE_ENV') ?? 'development';
  const nodeEnv = (['development', 'production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development') as BillingConfig['nodeEnv'];
  const localRaw = env('LOCAL_BILLING_IN_PRODUCTION');
  if (localRaw !== undefined && !boolValues.has(localRaw)) problems.push(`  LOCAL_BILLING_IN_PRODUCTION must be true or false (got '${localRaw}')`);
  const localInProduction = localRaw !== undefined && truthy.has(localRaw);

  let stripe: StripeBillingConfig | undefined;
  const secretKey = env('STRIPE_SECRET_KEY');
  if (secretKey) {
    const required = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICING_TABLE_TEAM', 'STRIPE_PRICING_TABLE_ATHLETE', 'STRIPE_PRICING_TABLE_FAN'];
    for (const name of required) if (!env(name)) problems.push(`  ${name} is required when STRIPE_SECRET_KEY is set`);
    const priceTypes: Record<string, PlanType> = {};
    const spec = env('STRIPE_PRICE_TYPES');
    if (spec) {
      for (const pair of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
        const [price, type, extra] = pair.split('=').map((s) => s.trim());
        const parsed = planType.safeParse(type);
        if (!price || !parsed.success || extra !== undefined) {
          problems.push(`  STRIPE_PRICE_TYPES must look like price_123=team,price_456=athlete (got '${pair}')`);
          continue;
        }
        priceTypes[price] = parsed.data;
      }
    }
    stripe = {
      secretKey,
      publishableKey: env('STRIPE_PUBLISHABLE_KEY') ?? '',
      webhookSecret: env('STRIPE_WEBHOOK_SECRET') ?? '',
      pricingTableIds: {
        team: env('STRIPE_PRICING_TABLE_TEAM') ?? '',
        athlete: env('STRIPE_PRICING_TABLE_ATHLETE') ?? '',
        fan: env('STRIPE_PRICING_TABLE_FAN') ?? '',
      },
      priceTypes,
      testMode: /^(sk|rk)_test_/.test(secretKey),
    };
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { provider: stripe ? 'stripe' : 'local', nodeEnv, localInProduction, stripe };
}
