import type { ScheduleItem } from '@app/contracts/schedule';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Component as SchedulePage } from '@/features/schedule/routes/schedule-page';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const team = { description: 'Riverside Hawks', owner: 'coach', channel: 'main', members: {} };
const me = (username: string) => ({ userId: 7, userUuid: 'uuid-7', username, type: 'team', updatedAt: new Date().toISOString() });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function scheduleItem(fields: Partial<ScheduleItem> = {}): ScheduleItem {
  return {
    _id: '6f1c1c1e-0000-4000-8000-000000000001',
    kind: 'practice',
    title: 'Practice',
    start: inHours(48),
    end: inHours(49.5),
    timeZone: 'UTC',
    location: 'Riverside Field 2',
    notes: '',
    status: 'scheduled',
    liveKey: null,
    series: null,
    rsvp: { going: 2, maybe: 0, no: 1, none: 4 },
    myRsvp: null,
    ...fields,
  };
}

function renderSchedule() {
  return renderApp('/team/schedule', { routes: [{ path: '/team/schedule', element: <SchedulePage /> }], session: signedInSession, level: 'team' });
}

describe('/team/schedule', () => {
  it('answers with one tap at once, and takes the answer back when the server refuses it', async () => {
    let answered: (response: Response) => void = () => undefined;
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('ath'),
      'GET /api/team/schedule': { items: [scheduleItem()] },
      'PUT /api/team/schedule/6f1c1c1e-0000-4000-8000-000000000001/rsvp': () => new Promise<Response>((resolve) => (answered = resolve)),
    });
    renderSchedule();
    const answers = await screen.findByRole('group', { name: 'Your answer for Practice' });
    expect(screen.getByText('2 going · 1 can\'t · 4 no answer')).toBeInTheDocument();

    await userEvent.click(within(answers).getByRole('button', { name: 'Going' }));
    // Shown before the server answers.
    expect(within(answers).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText("3 going · 1 can't · 3 no answer")).toBeInTheDocument();
    expect(net.call('PUT', '/api/team/schedule/6f1c1c1e-0000-4000-8000-000000000001/rsvp')?.body).toEqual({ answer: 'going' });

    answered(errorJson(500, 'Database unavailable'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answer was not saved. Please try again.');
    expect(within(answers).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText("2 going · 1 can't · 4 no answer")).toBeInTheDocument();
  });

  it("takes the server's counts once it answers", async () => {
    mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('ath'),
      'GET /api/team/schedule': { items: [scheduleItem({ myRsvp: 'going' })] },
      'PUT /api/team/schedule/6f1c1c1e-0000-4000-8000-000000000001/rsvp': json({ going: 1, maybe: 2, no: 1, none: 4 }),
    });
    renderSchedule();
    const answers = await screen.findByRole('group', { name: 'Your answer for Practice' });
    await userEvent.click(within(answers).getByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText("1 going · 2 maybe · 1 can't · 4 no answer")).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('strikes a cancelled item through, with no answer buttons', async () => {
    mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('ath'),
      'GET /api/team/schedule': { items: [scheduleItem({ status: 'cancelled', title: 'Scrimmage' })] },
    });
    renderSchedule();
    const title = await screen.findByRole('heading', { name: 'Scrimmage' });
    expect(title).toHaveClass('line-through');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Your answer/ })).not.toBeInTheDocument();
  });

  it('shows a game whose stream has ended as ended, with its recording and no question', async () => {
    mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('ath'),
      'GET /api/team/schedule': {
        items: [
          scheduleItem({ _id: 'g1', kind: 'game', title: 'Hawks vs Owls', start: inHours(-1), end: inHours(1), liveKey: 'k1', liveStatus: 'ended' }),
          scheduleItem({ _id: 'p1', title: 'Practice' }),
        ],
      },
    });
    renderSchedule();
    const game = (await screen.findByRole('heading', { name: 'Hawks vs Owls' })).closest('article')!;
    expect(within(game as HTMLElement).getByText('Ended')).toBeInTheDocument();
    expect(within(game as HTMLElement).getByRole('link', { name: 'Watch the recording' })).toHaveAttribute('href', '/live/archives/k1');
    expect(screen.queryByRole('group', { name: 'Your answer for Hawks vs Owls' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your answer for Practice' })).toBeInTheDocument();
  });

  it('shows past items as ended, asking nothing', async () => {
    mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('ath'),
      'GET /api/team/schedule': (call) =>
        json({ items: call.url.searchParams.has('from') ? [scheduleItem({ _id: 'old', title: 'Last practice', start: inHours(-30), end: inHours(-28) })] : [] }),
    });
    renderSchedule();
    await userEvent.click(await screen.findByRole('button', { name: 'Show past items' }));
    const past = (await screen.findByRole('heading', { name: 'Last practice' })).closest('article')!;
    expect(within(past as HTMLElement).getByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Your answer/ })).not.toBeInTheDocument();
  });

  it('says so when there is nothing, and offers New item to the owner only', async () => {
    mockFetch({ 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), 'GET /api/team/schedule': { items: [] } });
    renderSchedule();
    expect(await screen.findByText('Nothing on the schedule')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New item' })).toBeInTheDocument();
  });

  it('checks the New item form as it is filled, with the API messages, and sends the wall clock with the zone', async () => {
    const net = mockFetch({
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      'GET /api/team/schedule': { items: [scheduleItem({ timeZone: 'America/New_York' })] },
      'POST /api/team/schedule': json({ _id: 'new' }, 201),
    });
    renderSchedule();
    await userEvent.click(await screen.findByRole('button', { name: 'New item' }));
    // The browser's own zone is the default, and first in the list of every zone.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByLabelText('Time zone')).toHaveValue(zone);
    const list = document.getElementById(screen.getByLabelText('Time zone').getAttribute('list')!)!;
    const options = [...list.querySelectorAll('option')].map((o) => o.value);
    expect(options[0]).toBe(zone);
    expect(options).toEqual(expect.arrayContaining(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']));
    expect(new Set(options).size).toBe(options.length);
    await userEvent.click(screen.getByRole('button', { name: 'Add to schedule' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(net.call('POST', '/api/team/schedule')).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Title'), 'Practice');
    expect(screen.getByLabelText('Title')).not.toHaveAccessibleDescription('Title is required');
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await userEvent.type(screen.getByLabelText('Starts'), `${day}T18:00`);
    // The end follows a new start.
    expect(screen.getByLabelText('Ends')).toHaveValue(`${day}T19:30`);
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Nowhere/Land');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription('Time zone must be an IANA time zone such as America/New_York');
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Europe/Berlin');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Repeat weekly' }));
    await userEvent.type(screen.getByLabelText('Until'), new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
    await userEvent.click(screen.getByRole('button', { name: 'Add to schedule' }));

    await waitFor(() => expect(net.call('POST', '/api/team/schedule')).toBeDefined());
    expect(net.call('POST', '/api/team/schedule')!.body).toMatchObject({
      kind: 'practice',
      title: 'Practice',
      start: `${day}T18:00`,
      end: `${day}T19:30`,
      timeZone: 'Europe/Berlin',
      repeat: { weekly: true },
    });
    expect(await screen.findByText(/Practice added, every week until/)).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    mockFetch({ 'GET /api/user/team': team, 'GET /api/user/me': me('ath'), 'GET /api/team/schedule': errorJson(503, 'Database unavailable') });
    renderSchedule();
    expect(await screen.findByText('Could not load the schedule')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
