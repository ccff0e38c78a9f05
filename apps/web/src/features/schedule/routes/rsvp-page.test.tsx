import { RSVP_LINK_INVALID, type RsvpTokenView } from '@app/contracts/schedule';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const view: RsvpTokenView = {
  item: {
    kind: 'practice',
    title: 'Tuesday practice',
    start: '2036-03-10T18:00:00-04:00',
    end: '2036-03-10T19:30:00-04:00',
    timeZone: 'America/New_York',
    location: 'Riverside Field 2',
    notes: '',
    status: 'scheduled',
  },
  team: 'Riverside Hawks',
  name: 'Alex',
  myRsvp: null,
  myNote: null,
};

const answerPath = '/api/rsvp/tok3n';
const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.path === answerPath);

describe('/rsvp/{token} (signed out)', () => {
  it("records the e-mail's answer with one POST from the page, then lets it be changed", async () => {
    const net = mockFetch({
      [`GET ${answerPath}`]: view,
      [`POST ${answerPath}`]: (call) => json({ ...view, myRsvp: (call.body as { answer: string }).answer }),
    });
    renderApp('/rsvp/tok3n?answer=going');
    expect(await screen.findByText('Tuesday practice')).toBeInTheDocument();
    expect(await screen.findByText(/Your answer: Going\./)).toBeInTheDocument();
    expect(posts(net.calls).map((c) => c.body)).toEqual([{ answer: 'going' }]);
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: "Can't" }));
    expect(await screen.findByText(/Your answer: Can't\./)).toBeInTheDocument();
    expect(posts(net.calls).map((c) => c.body)).toEqual([{ answer: 'going' }, { answer: 'no' }]);
  });

  it('takes a note for the coach with the answer, bounded as the API bounds it', async () => {
    const net = mockFetch({
      [`GET ${answerPath}`]: { ...view, myRsvp: 'going' },
      [`POST ${answerPath}`]: (call) => {
        const body = call.body as { answer: string; note?: string };
        return json({ ...view, myRsvp: body.answer, myNote: body.note ?? null });
      },
    });
    renderApp('/rsvp/tok3n');
    const note = await screen.findByLabelText('Note for the coach (optional)');
    expect(note).toHaveAttribute('maxLength', '300');
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await userEvent.type(note, 'Ten minutes late');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(/Your answer: Going\. Note saved\./)).toBeInTheDocument();
    expect(posts(net.calls).map((c) => c.body)).toEqual([{ answer: 'going', note: 'Ten minutes late' }]);
    // Changing the answer keeps the note (it is not sent again).
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(posts(net.calls)).toHaveLength(2));
    expect(posts(net.calls)[1]!.body).toEqual({ answer: 'maybe' });
  });

  it("says a weekly series' link answers every date of it", async () => {
    mockFetch({ [`GET ${answerPath}`]: { ...view, seriesDates: 8 } });
    renderApp('/rsvp/tok3n');
    expect(await screen.findByText('Your answer counts for all 8 dates of this weekly series still ahead.')).toBeInTheDocument();
  });

  it('asks nothing once the item is over, and records nothing', async () => {
    const net = mockFetch({ [`GET ${answerPath}`]: { ...view, myRsvp: 'going', item: { ...view.item, start: '2026-03-10T18:00:00-04:00', end: '2026-03-10T19:30:00-04:00' } } });
    renderApp('/rsvp/tok3n?answer=no');
    expect(await screen.findByRole('heading', { name: 'Tuesday practice has ended' })).toBeInTheDocument();
    expect(screen.getByText('Your answer was: Going.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    expect(posts(net.calls)).toEqual([]);
  });

  it('opened without an answer (or with a made-up one), it only reads', async () => {
    const net = mockFetch({ [`GET ${answerPath}`]: { ...view, myRsvp: 'maybe' } });
    renderApp('/rsvp/tok3n?answer=definitely');
    expect(await screen.findByText(/Your answer: Maybe\. Tap another to change it\./)).toBeInTheDocument();
    expect(posts(net.calls)).toEqual([]);
  });

  it('says a forged link is not valid, and sends nothing', async () => {
    const net = mockFetch({ [`GET ${answerPath}`]: errorJson(404, RSVP_LINK_INVALID) });
    renderApp('/rsvp/tok3n?answer=going');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    await waitFor(() => expect(net.calls.some((c) => c.path === answerPath)).toBe(true));
    expect(posts(net.calls)).toEqual([]);
  });

  it('records nothing for a cancelled item, and says it is cancelled', async () => {
    const net = mockFetch({ [`GET ${answerPath}`]: { ...view, item: { ...view.item, status: 'cancelled' } } });
    renderApp('/rsvp/tok3n?answer=going');
    expect(await screen.findByRole('heading', { name: 'Tuesday practice is cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
    expect(posts(net.calls)).toEqual([]);
  });
});
