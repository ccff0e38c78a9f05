import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ConfigGate } from '@/app/config-gate';
import { useConfig } from '@/config/config-context';
import { testConfig } from '@/test/fixtures';

function TenantProbe() {
  return <p>tenant: {useConfig().tenantId}</p>;
}

// No query cache: the gate is part of the entry, which must not need TanStack Query.
function renderGate() {
  return render(
    <ConfigGate>
      <TenantProbe />
    </ConfigGate>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ConfigGate', () => {
  it("shows 'Loading...' and then renders with the validated config", async () => {
    const fetch = vi.fn(async () => json(testConfig));
    vi.stubGlobal('fetch', fetch);
    renderGate();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('tenant: tenant1')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything());
  });

  it('shows an error with Retry when the config cannot load, and recovers', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ statusCode: 503, code: 'INTERNAL', error: 'Service Unavailable', message: 'Starting up' }, 503))
      .mockResolvedValueOnce(json(testConfig));
    vi.stubGlobal('fetch', fetch);
    renderGate();

    expect(await screen.findByText('Teamfilm could not start')).toBeInTheDocument();
    expect(screen.getByText('Starting up')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('tenant: tenant1')).toBeInTheDocument();
  });

  it('rejects a config that does not match the contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ tenantId: 42 })));
    renderGate();
    expect(await screen.findByText('Teamfilm could not start')).toBeInTheDocument();
  });
});
