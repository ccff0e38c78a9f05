import type { PlansResponse, SubscriptionItem } from '@app/contracts/billing';
import type { Level } from '@app/contracts/levels';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatPlanDate, PlanCard } from '@/features/subscription/components/plan-card';
import { errorJson, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const plans: PlansResponse = {
  provider: 'local',
  testMode: true,
  plans: [
    { type: 'team', name: 'Team', price: '$29.99', interval: 'month', features: [] },
    { type: 'athlete', name: 'Athlete', price: '$9.99', interval: 'month', features: [] },
    { type: 'fan', name: 'Fan', price: '$4.99', interval: 'month', features: [] },
  ],
};
const stripePlans: PlansResponse = {
  ...plans,
  provider: 'stripe',
  testMode: false,
  stripe: { publishableKey: 'pk_live_1', pricingTableIds: { team: 't', athlete: 'a', fan: 'f' } },
};

const periodEnd = '2025-07-15T12:00:00.000Z';

function item(overrides: Partial<SubscriptionItem> = {}): SubscriptionItem {
  return { type: 'team', status: 'active', provider: 'local', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, ...overrides };
}

function usage(first?: SubscriptionItem) {
  return { items: first ? [first] : [], subscription: first ?? null };
}

function renderCard(net: Parameters<typeof mockFetch>[0], { level = 'team' as Level } = {}) {
  const fetch = mockFetch({ 'GET /api/billing/plans': plans, ...net });
  const routes = [{ path: '/settings', element: <PlanCard /> }, { path: '*', element: <LocationProbe /> }];
  return { fetch, user: userEvent.setup(), ...renderApp('/settings', { routes, session: signedInSession, level }) };
}

describe('PlanCard', () => {
  it('shows the active plan with its renewal date, price and the test-mode badge', async () => {
    renderCard({ 'GET /api/user/usage': usage(item()) });
    expect(await screen.findByText(`Renews on ${formatPlanDate(periodEnd)}`)).toBeInTheDocument();
    expect(screen.getByText('Team')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
  });

  it('says when a plan cancelled at the period end ends, and offers Manage billing for Stripe', async () => {
    renderCard({
      'GET /api/billing/plans': stripePlans,
      'GET /api/user/usage': usage(item({ type: 'athlete', provider: 'stripe', cancelAtPeriodEnd: true })),
    });
    expect(await screen.findByText(`Ends on ${formatPlanDate(periodEnd)}`)).toBeInTheDocument();
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
    // Stripe's own price is in its portal, not the display placeholder.
    expect(screen.queryByText('$9.99')).not.toBeInTheDocument();
  });

  it('marks a past-due plan', async () => {
    renderCard({ 'GET /api/user/usage': usage(item({ provider: 'stripe', status: 'past_due' })) });
    expect(await screen.findByText('Past due')).toBeInTheDocument();
    expect(screen.getByText(/The last payment failed/)).toBeInTheDocument();
  });

  it('asks for the Stripe portal and shows its refusal', async () => {
    const { fetch, user } = renderCard({
      'GET /api/billing/plans': stripePlans,
      'GET /api/user/usage': usage(item({ provider: 'stripe' })),
      'GET /api/billing/portal': errorJson(409, 'There is no billing account yet: subscribe first.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no billing account yet: subscribe first.');
    expect(fetch.call('GET', '/api/billing/portal')).toBeDefined();
  });

  it('cancels a local plan after an inline confirmation, then shows no plan', async () => {
    const { fetch, user } = renderCard({
      'GET /api/user/usage': usage(item()),
      'POST /api/billing/local/cancel': usage(),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(screen.getByText('End your Team plan now? Test-mode plans end at once.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep plan' }));
    expect(fetch.call('POST', '/api/billing/local/cancel')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('No subscription')).toBeInTheDocument();
    expect(fetch.call('POST', '/api/billing/local/cancel')).toBeDefined();
  });

  it.each([
    ['none', '/subscribe'],
    ['team', '/register/subscribe/team'],
  ] as const)('without a plan at level %s, links to %s', async (level, href) => {
    renderCard({ 'GET /api/user/usage': usage() }, { level });
    expect(await screen.findByText('No subscription')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', href);
  });

  it('offers a retry when the usage does not load', async () => {
    let fail = true;
    const { user } = renderCard({
      'GET /api/user/usage': () => (fail ? errorJson(500, 'Server trouble.') : Response.json(usage(item()))),
    });
    expect(await screen.findByText('Server trouble.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });
});
