import type { TeamListItem } from '@app/contracts/teams';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { NO_INVITES, SEVERAL_INVITES, TeamActivation } from '@/features/members/components/team-activation';
import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const hawks: TeamListItem = { username: 'coachh', channel: 'main', description: 'Hawks', member: true, current: true };
const owls: TeamListItem = { username: 'coacho', channel: 'main', description: 'Owls', member: false, current: false };
// The product texts carry double spaces; compare them exactly.
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const team = { owner: 'coacho', channel: 'main', description: 'Owls', members: {} };

function renderList(teams: TeamListItem[][]) {
  let answer = 0;
  const net = mockFetch({
    'GET /api/user/teams': () => new Response(JSON.stringify(teams[Math.min(answer++, teams.length - 1)]), { headers: { 'content-type': 'application/json' } }),
    'PUT /api/channel/coacho/main/members': team,
  });
  renderApp('/profile/edit', { routes: [{ path: '/profile/edit', element: <TeamActivation /> }], session: signedInSession, level: 'athlete' });
  return net;
}

describe('TeamActivation', () => {
  it("says so when the user was not invited to any team", async () => {
    renderList([[]]);
    expect(await screen.findByText(NO_INVITES, exact)).toBeInTheDocument();
  });

  it('shows one team as Current without the several-teams hint', async () => {
    renderList([[hawks]]);
    expect(await screen.findByRole('button', { name: 'Current' })).toBeDisabled();
    expect(screen.queryByText(SEVERAL_INVITES, exact)).not.toBeInTheDocument();
  });

  it('activates another team and shows it as Current afterwards', async () => {
    const net = renderList([[hawks, owls], [{ ...owls, member: true, current: true }, { ...hawks, current: false }]]);
    expect(await screen.findByText(SEVERAL_INVITES, exact)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(net.call('PUT', '/api/channel/coacho/main/members')).toBeDefined());
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Owls'));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Current');
  });
});
