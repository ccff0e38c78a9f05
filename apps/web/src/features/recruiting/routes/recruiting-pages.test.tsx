import { DEFAULT_CARD_FIELDS, type PublicCard, type RecruitingSettings } from '@app/contracts/recruiting';
import type { Reel } from '@app/contracts/clips';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { errorJson, json, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const cardId = 'C'.repeat(24);
const image = (id: string) => ({ sources: { full: `/api/images/${id}/800.webp`, '800': `/api/images/${id}/800.webp` }, srcset: `/api/images/${id}/800.webp 800w`, placeholder: null, width: 800, height: 400 });
const card: PublicCard = {
  id: cardId,
  name: 'Jordan Vale',
  hero: image('h'),
  sport: 'Soccer',
  position: 'Goalkeeper',
  height: '6\'2"',
  weight: '180 lb',
  jersey: '1',
  team: { name: 'Lakeside Lions', logo: null },
  // A link that is not https (never built by the server) is not shown.
  socials: [
    { network: 'instagram', handle: 'jordan.saves', url: 'https://www.instagram.com/jordan.saves/' },
    { network: 'twitter', handle: 'x', url: 'javascript:alert(1)' },
  ],
  kudos: ['Team captain'],
  verified: ['height'],
};

const fallback = { hydrateFallbackElement: <p>Loading</p> };
const cardRoute = { path: '/a/:cardId', lazy: () => import('@/features/recruiting/routes/recruiting-card-page'), ...fallback };
const settingsRoute = { path: '/profile/recruiting', lazy: () => import('@/features/recruiting/routes/recruiting-settings-page'), ...fallback };

describe('the public card /a/{id}', () => {
  it('shows what the card holds, the coach\'s badge on the verified measurable only, and only https social links (noopener)', async () => {
    mockFetch({ [`GET /api/a/${cardId}`]: card });
    renderApp(`/a/${cardId}`, { routes: [cardRoute] });
    const article = await screen.findByRole('article', { name: 'Recruiting card: Jordan Vale' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Jordan Vale' })).toBeInTheDocument();
    expect(within(article).getByText('Soccer · Goalkeeper')).toBeInTheDocument();
    const height = within(article).getByText('6\'2"').parentElement!;
    expect(within(height).getByText('Verified by coach')).toBeInTheDocument();
    const weight = within(article).getByText('180 lb').parentElement!;
    expect(within(weight).queryByText('Verified by coach')).not.toBeInTheDocument();
    const links = within(article).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://www.instagram.com/jordan.saves/']);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(article).queryByText('Contact')).not.toBeInTheDocument();
    expect(within(article).queryByText('Highlights')).not.toBeInTheDocument();
  });

  it('says the card is not available when the link is off or unknown', async () => {
    mockFetch({ [`GET /api/a/${cardId}`]: errorJson(404, 'This card is not available.', 'NOT_FOUND') });
    renderApp(`/a/${cardId}`, { routes: [cardRoute] });
    expect(await screen.findByRole('heading', { level: 1, name: 'This card is not available' })).toBeInTheDocument();
  });
});

describe('/profile/recruiting', () => {
  const published: RecruitingSettings = { published: true, id: cardId, url: `http://localhost:3000/a/${cardId}`, fields: DEFAULT_CARD_FIELDS, reelId: null };
  const privateReel: Reel = { reelId: 'R'.repeat(24), title: 'Saves', shared: false, timestamp: 1, chunks: [], mediaExpiresAt: new Date(Date.now() + 600_000).toISOString() };

  beforeEach(() => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
  });

  function routes(extra: Record<string, (call: FetchCall) => Response> = {}) {
    return mockFetch({
      'GET /api/user/recruiting': published,
      'GET /api/user/reels': { items: [privateReel], next: null },
      ...extra,
    });
  }

  it('sends only the tick that changed, and the tick shows at once', async () => {
    const fetch = routes({ 'PUT /api/user/recruiting': (c) => json({ ...published, fields: { ...published.fields, ...(c.body as { fields: object }).fields } }) });
    renderApp('/profile/recruiting', { routes: [settingsRoute], session: signedInSession, level: 'athlete' });
    const phone = await screen.findByRole('checkbox', { name: 'Phone' });
    expect(phone).not.toBeChecked();
    await userEvent.setup().click(phone);
    expect(phone).toBeChecked();
    expect(fetch.call('PUT', '/api/user/recruiting')?.body).toEqual({ fields: { phone: true } });
    expect(screen.getByText(/Anyone with the link sees what you tick here/)).toBeInTheDocument();
  });

  it('asks before getting a new link, and shows the new one', async () => {
    const fresh = { ...published, id: 'N'.repeat(24), url: `http://localhost:3000/a/${'N'.repeat(24)}` };
    const fetch = routes({ 'POST /api/user/recruiting/rotate': () => json(fresh) });
    renderApp('/profile/recruiting', { routes: [settingsRoute], session: signedInSession, level: 'athlete' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Get a new link' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Get a new link?' });
    expect(dialog).toHaveTextContent('The current link stops working at once');
    expect(fetch.call('POST', '/api/user/recruiting/rotate')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByDisplayValue(fresh.url)).toBeInTheDocument();
  });

  it("turns a private reel's share link on before putting it on the card", async () => {
    const fetch = routes({
      [`PUT /api/user/reels/${privateReel.reelId}/sharing`]: () => json({ reelId: privateReel.reelId, shared: true }),
      'PUT /api/user/recruiting': () => json({ ...published, reelId: privateReel.reelId }),
    });
    renderApp('/profile/recruiting', { routes: [settingsRoute], session: signedInSession, level: 'athlete' });
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Saves/ }));
    await vi.waitFor(() => expect(fetch.call('PUT', '/api/user/recruiting')).toBeDefined());
    const order = fetch.calls.filter((c) => c.method === 'PUT').map((c) => c.path);
    expect(order).toEqual([`/api/user/reels/${privateReel.reelId}/sharing`, '/api/user/recruiting']);
    expect(fetch.call('PUT', '/api/user/recruiting')?.body).toEqual({ reelId: privateReel.reelId });
  });

  it('shows the card as not published with no link when it is off', async () => {
    mockFetch({ 'GET /api/user/recruiting': { ...published, published: false, id: null, url: null }, 'GET /api/user/reels': { items: [], next: null } });
    renderApp('/profile/recruiting', { routes: [settingsRoute], session: signedInSession, level: 'athlete' });
    expect(await screen.findByRole('switch', { name: 'Publish my card' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('textbox', { name: 'Card link' })).not.toBeInTheDocument();
    expect(await screen.findByText('No reels yet')).toBeInTheDocument();
  });
});
