import { SettingsPage } from '@/features/settings/routes/settings-page';
import { PlanCard } from '@/features/subscription/components/plan-card';

/**
 * /settings: the settings feature's page with the subscription feature's plan card in it. The
 * composition lives here because features never import each other (docs/architecture.md#rules-the-lint-enforces).
 */
export function Component() {
  return <SettingsPage plan={<PlanCard />} />;
}
