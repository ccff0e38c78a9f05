import type { Level } from '@app/contracts/levels';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { cheersFixture, liveEventFixture } from '@/test/live-fixture';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import { codeWindowFixture, janeMe, tagFixture } from '@/test/tags-fixture';

const key = 'evt-live-000000000001';
const routes = pageRoutes('/live/:streamId', () => import('@/app/routes/live-game-route'));

function renderGame(level: Level, team: object = { owner: 'coach', channel: 'main', description: 'Hawks', members: {} }) {
  const net = mockFetch({
    [`GET /api/live/${key}`]: liveEventFixture(),
    [`GET /api/user/clips/${key}`]: { items: [], next: null },
    [`GET /api/events/${key}/cheers`]: cheersFixture,
    'GET /api/user/team': team,
    'GET /api/user/me': janeMe,
    'GET /api/team/codes': codeWindowFixture(),
    [`GET /api/live/${key}/tags`]: { items: [tagFixture({ _id: 't0', code: 'Goal', start: 61, end: 71 })] },
    [`POST /api/live/${key}/tags`]: json(tagFixture({ _id: 't1', start: 600, end: 608 }), 201),
  });
  renderApp(`/live/${key}`, { routes, session: signedInSession, level });
  return net;
}

describe('/live/:streamId with film study', () => {
  it("offers the team's coach and athletes the code window; a press at the live edge leaves the moment to the server", async () => {
    const net = renderGame('athlete');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Shot' }));
    await waitFor(() => expect(net.call('POST', `/api/live/${key}/tags`)?.body).toEqual({ code: 'Shot' }));
    expect(await screen.findByRole('button', { name: /^Shot 10:00/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Goal 1:01/ })).toBeInTheDocument();
  });

  it("shows fans and other teams' members no code window", async () => {
    renderGame('fan');
    await screen.findByRole('heading', { name: 'Auto Highlights' });
    expect(screen.queryByRole('heading', { name: 'Code window' })).not.toBeInTheDocument();
  });

  it("shows another team's athlete no code window", async () => {
    renderGame('athlete', { owner: 'rival', channel: 'main', description: 'Owls', members: {} });
    await screen.findByRole('heading', { name: 'Auto Highlights' });
    expect(screen.queryByRole('heading', { name: 'Code window' })).not.toBeInTheDocument();
  });
});
