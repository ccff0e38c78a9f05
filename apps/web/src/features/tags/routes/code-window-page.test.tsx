import { DUPLICATE_HOTKEY } from '@app/contracts/film';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { errorOf } from '@/test/field-error';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import { buttonFixture, codeWindowFixture } from '@/test/tags-fixture';

const routes = pageRoutes('/team/codes', () => import('@/features/tags/routes/code-window-page'));

function renderEditor(put?: (call: FetchCall) => Response, window = codeWindowFixture()) {
  const net = mockFetch({ 'GET /api/team/codes': window, ...(put ? { 'PUT /api/team/codes': put } : {}) });
  renderApp('/team/codes', { routes, session: signedInSession, level: 'team' });
  return net;
}

/** The saved window: what was sent, with ids. */
const savedAs = (call: FetchCall) => {
  const { buttons } = call.body as { buttons: Record<string, unknown>[] };
  return json({ buttons: buttons.map((b, i) => ({ _id: `b${i}`, ...b })), players: ['jane', 'ann'], canEdit: true });
};

const button = (name: string) => screen.getByRole('group', { name });

describe('/team/codes', () => {
  it('adds a button and saves the whole window', async () => {
    const net = renderEditor(savedAs);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a button' }));
    const added = button('Button 4');
    await user.type(within(added).getByLabelText('Name'), 'Rebound');
    await user.type(within(added).getByLabelText('Hotkey'), 'R');
    await user.clear(within(added).getByLabelText('Lag (seconds after)'));
    await user.type(within(added).getByLabelText('Lag (seconds after)'), '8');
    await user.type(within(added).getByLabelText('Labels'), 'Offensive, Defensive');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    const sent = (net.call('PUT', '/api/team/codes')?.body as { buttons: Record<string, unknown>[] }).buttons;
    expect(sent.map((b) => b.name)).toEqual(['Shot', 'Foul', 'Goal', 'Rebound']);
    expect(sent[0]).toEqual({ _id: 'b-Shot', name: 'Shot', color: '#ef4444', hotkey: 's', group: '', leadSeconds: 5, lagSeconds: 3, labels: ['Left', 'Right'] });
    expect(sent[3]).toMatchObject({ hotkey: 'r', leadSeconds: 5, lagSeconds: 8, labels: ['Offensive', 'Defensive'] });
    expect(sent[3]).not.toHaveProperty('_id');
  });

  it('refuses a duplicate hotkey and the player\u2019s keys at the field, before any request', async () => {
    const net = renderEditor(savedAs);
    const user = userEvent.setup();
    const goal = within(await screen.findByRole('group', { name: 'Goal' }));
    await user.type(goal.getByLabelText('Hotkey'), 's');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf(goal.getByLabelText('Hotkey'))).toBe(DUPLICATE_HOTKEY('s'));
    // Focused on the next frame, once the field shows its error.
    await waitFor(() => expect(goal.getByLabelText('Hotkey')).toHaveFocus());
    // Checked again at each change from then on.
    await user.clear(goal.getByLabelText('Hotkey'));
    await user.type(goal.getByLabelText('Hotkey'), 'f');
    expect(errorOf(goal.getByLabelText('Hotkey'))).toBe('The player uses f, m, i, o: choose another hotkey');
    await user.clear(goal.getByLabelText('Hotkey'));
    expect(goal.getByLabelText('Hotkey')).toHaveAttribute('aria-invalid', 'false');
    expect(net.call('PUT', '/api/team/codes')).toBeUndefined();
  });

  it('shows the server\u2019s message at its field', async () => {
    renderEditor(() => errorJson(400, "body.buttons.1.name: A name has at most 60 characters; body.buttons.2.hotkey: Two buttons use the hotkey 'g'", 'VALIDATION_FAILED'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf(within(button('Foul')).getByLabelText('Name'))).toBe('A name has at most 60 characters'));
    expect(errorOf(within(button('Goal')).getByLabelText('Hotkey'))).toBe("Two buttons use the hotkey 'g'");
  });

  it('shows a refusal that names no field above Save', async () => {
    renderEditor(() => errorJson(403, 'Only the team owner or an editor may change the code window.', 'FORBIDDEN'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the team owner or an editor may change the code window.');
  });

  it('reorders and removes buttons', async () => {
    const net = renderEditor(savedAs);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Goal up' }));
    await user.click(screen.getByRole('button', { name: 'Remove Shot' }));
    expect(screen.getByRole('button', { name: 'Move Goal up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((net.call('PUT', '/api/team/codes')?.body as { buttons: { name: string }[] }).buttons.map((b) => b.name)).toEqual(['Goal', 'Foul']));
  });

  it('shows the window read-only to those who may not change it', async () => {
    renderEditor(undefined, codeWindowFixture({ canEdit: false, buttons: [buttonFixture({ name: 'Shot', hotkey: 's', labels: ['Left'] })] }));
    expect(await screen.findByText("Only the team's owner or an editor changes the code window.")).toBeInTheDocument();
    expect(screen.getByText('Labels: Left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
