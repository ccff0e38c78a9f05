import type { ReelExport, ReelView } from '@app/contracts/clips';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

// The clips feature's clip page, with the reel the app reads for it through the reels feature.

const reelId = 'r'.repeat(32);
const reelPath = `/api/user/reels/${reelId}`;
const commentsPath = '/api/channel/coach/main/clip-1';
const team = { owner: 'coach', channel: 'main', description: 'Hawks', members: {} };
const me = (username: string) => ({ userId: 1, userUuid: 'uuid-1', username, firstname: '', lastname: '', type: 'team', email: `${username}@example.com` });

function reelFixture(extra: Partial<ReelView> = {}): ReelView {
  return {
    reelId,
    title: null,
    shared: false,
    timestamp: 1_700_000_000_000,
    owned: true,
    mediaExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    chunks: [{ id: 'k1', description: 'Fast break', source: '/storage/v/full.mp4?sig=a#t=12,20', clip: 'clip-1', in: 0, out: 8, poster: null }],
    ...extra,
  };
}

const member = (username: string, name: string | null) => ({ username, name, sport: null, city: null, image: null });
const teamWithMembers = {
  ...team,
  members: { coach: member('coach', 'Pat Coach'), kid: member('kid', 'Kim Kid'), jane: member('jane', 'Jane Doe'), ajax: member('ajax', null) },
};

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();

function renderClip() {
  return renderApp(`/team/clips/${reelId}`, {
    routes: pageRoutes('/team/clips/:clipId', () => import('@/app/routes/clip-route')),
    session: signedInSession,
    level: 'team',
  });
}

describe('ClipDetail', () => {
  beforeEach(() => {
    // jsdom has no media playback.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('plays the clip reel from its in-point (the #t range read by the player) and shows its description', async () => {
    mockFetch({ [`GET ${reelPath}`]: reelFixture(), 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), [`GET ${commentsPath}`]: [] });
    renderClip();
    const player = await screen.findByRole('region', { name: 'Reel player: Clip' });
    const shown = player.querySelector('video[data-active="true"]')!;
    // The fragment is ours to play: the element gets the bare file URL.
    expect(shown.getAttribute('src')).toBe('/storage/v/full.mp4?sig=a');
    expect(within(player).getByTestId('chunk-description')).toHaveTextContent('Fast break');
    expect(within(player).getByText('/ 0:08')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/team/clips/${reelId}/edit`);
    expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
  });

  it("is named by its source and position, and has the film player's controls: seek bar over the clip, time once the file's metadata loads, speed; no list of clips", async () => {
    const chunk = { id: 'k1', description: '', source: '/storage/c/clip.mp4?sig=a', clip: 'clip-1', in: 0, out: 8, poster: null, clipTitle: 'Hawks vs Owls', time: '00:00:12' };
    mockFetch({ [`GET ${reelPath}`]: reelFixture({ chunks: [chunk] }), 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), [`GET ${commentsPath}`]: [] });
    renderClip();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hawks vs Owls · 00:00:12' })).toBeInTheDocument();
    const player = screen.getByRole('region', { name: 'Reel player: Hawks vs Owls · 00:00:12' });
    const [first, second] = Array.from(player.querySelectorAll('video'));
    // The clip's own file: its length is the file's, once its metadata is in (the reel's out - in until then).
    expect(within(player).getByTestId('player-time').parentElement).toHaveTextContent('0:00 / 0:08');
    Object.defineProperty(first!, 'duration', { value: 9.6, configurable: true });
    act(() => void first!.dispatchEvent(new Event('loadedmetadata')));
    expect(within(player).getByTestId('player-time').parentElement).toHaveTextContent('0:00 / 0:09');
    const seek = within(player).getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuemax', '9');
    expect(seek.querySelectorAll('[data-boundary]')).toHaveLength(0);

    await userEvent.setup().selectOptions(within(player).getByRole('combobox', { name: 'Playback speed' }), '0.5');
    expect(first!.playbackRate).toBe(0.5);
    expect(second!.playbackRate).toBe(0.5);
    // A new source keeps the speed.
    expect(second!.defaultPlaybackRate).toBe(0.5);

    expect(within(player).queryByRole('heading', { name: 'Clips in this reel' })).not.toBeInTheDocument();
    expect(within(player).queryByRole('button', { name: 'Next clip' })).not.toBeInTheDocument();
    expect(within(player).queryByText(/chunks/i)).not.toBeInTheDocument();
  });

  it('shows no Edit link to a viewer who did not make the clip', async () => {
    mockFetch({ [`GET ${reelPath}`]: reelFixture({ owned: false }), 'GET /api/user/team': team, 'GET /api/user/me': me('kid'), [`GET ${commentsPath}`]: [] });
    renderClip();
    await screen.findByRole('region', { name: /Reel player/ });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('lets a viewer who did not make the clip save it to their library and unsave it', async () => {
    const savePath = '/api/user/clips/clip-1/save';
    const net = mockFetch({
      [`GET ${reelPath}`]: reelFixture({ owned: false, saved: false }),
      'GET /api/user/team': team,
      'GET /api/user/me': me('kid'),
      [`GET ${commentsPath}`]: [],
      [`POST ${savePath}`]: () => new Response(null, { status: 204 }),
      [`DELETE ${savePath}`]: () => new Response(null, { status: 204 }),
    });
    renderClip();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Save' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(net.calls.filter((c) => c.path === savePath).map((c) => c.method)).toEqual(['POST']);

    await user.click(saved);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    expect(net.calls.filter((c) => c.path === savePath).map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('shows a saved clip as Saved, says why a save failed, and offers no toggle on my own clip', async () => {
    mockFetch({
      [`GET ${reelPath}`]: reelFixture({ owned: false, saved: true }),
      'GET /api/user/team': team,
      'GET /api/user/me': me('kid'),
      [`GET ${commentsPath}`]: [],
      'DELETE /api/user/clips/clip-1/save': errorJson(404, 'Clip not found.', 'NOT_FOUND'),
    });
    const first = renderClip();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Clip not found.');
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    mockFetch({ [`GET ${reelPath}`]: reelFixture(), 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), [`GET ${commentsPath}`]: [] });
    renderClip();
    await screen.findByRole('link', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  });

  it('says the clip is not found when the reel answers 404', async () => {
    mockFetch({ [`GET ${reelPath}`]: errorJson(404, 'Not Found', 'NOT_FOUND'), 'GET /api/user/team': team, 'GET /api/user/me': me('coach') });
    renderClip();
    expect(await screen.findByText('Clip not found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Reel player/ })).not.toBeInTheDocument();
  });

  it('shows the server message of any other failure', async () => {
    mockFetch({ [`GET ${reelPath}`]: errorJson(500, 'The database is down.'), 'GET /api/user/team': team, 'GET /api/user/me': me('coach') });
    renderClip();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down.');
  });

  it('lists comments with avatar, name and relative time; Enter posts, the comment comes first and the input clears', async () => {
    const net = mockFetch({
      [`GET ${reelPath}`]: reelFixture({ owned: false }),
      'GET /api/user/team': team,
      'GET /api/user/me': me('kid'),
      [`GET ${commentsPath}`]: [{ _id: 'c1', publisher: 'coach', name: 'Pat Coach', image: null, content: 'Look at the spacing', timestamp: ago(3) }],
      [`POST ${commentsPath}`]: (call) =>
        json({ _id: 'c2', publisher: 'kid', name: 'Kim Kid', image: null, content: (call.body as { message: string }).message, timestamp: new Date().toISOString() }, 201),
    });
    renderClip();
    const older = (await screen.findByText('Look at the spacing')).closest('li')!;
    expect(within(older).getByText('Pat Coach')).toBeInTheDocument();
    expect(within(older).getByText('PC')).toBeInTheDocument();
    expect(within(older).getByText('3 minutes ago')).toBeInTheDocument();
    // Only the team owner may share in the channel.
    expect(screen.queryByLabelText('Also share in channel')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const box = screen.getByPlaceholderText("What's new?");
    await user.type(box, '   {Enter}');
    expect(net.call('POST', commentsPath)).toBeUndefined();
    await user.clear(box);
    await user.type(box, 'Thanks @coach{Enter}');
    const posted = (await screen.findByText('Thanks @coach')).closest('li')!;
    expect(net.call('POST', commentsPath)?.body).toEqual({ message: 'Thanks @coach' });
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]).toBe(posted);
    expect(within(posted).getByText('just now')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it("links team members' @mentions in comments to their profiles; other @words stay text", async () => {
    mockFetch({
      [`GET ${reelPath}`]: reelFixture({ owned: false }),
      'GET /api/user/team': teamWithMembers,
      'GET /api/user/me': me('kid'),
      [`GET ${commentsPath}`]: [
        { _id: 'c1', publisher: 'coach', name: 'Pat Coach', image: null, content: 'Great read @Jane, ask @nobody or mail me@jane.com', timestamp: ago(3) },
      ],
    });
    renderClip();
    const comment = (await screen.findByText(/Great read/)).closest('li')!;
    const links = within(comment).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['@Jane', '/team/members/jane']]);
    expect(comment).toHaveTextContent('Great read @Jane, ask @nobody or mail me@jane.com');
  });

  it('completes @ from the team members by keyboard: arrows choose, Enter and Tab insert without posting, Escape closes', async () => {
    const net = mockFetch({
      [`GET ${reelPath}`]: reelFixture({ owned: false }),
      'GET /api/user/team': teamWithMembers,
      'GET /api/user/me': me('kid'),
      [`GET ${commentsPath}`]: [],
      [`POST ${commentsPath}`]: (call) =>
        json({ _id: 'c2', publisher: 'kid', name: 'Kim Kid', image: null, content: (call.body as { message: string }).message, timestamp: new Date().toISOString() }, 201),
    });
    renderClip();
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText("What's new?");
    await user.type(box, 'Hi @');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    // Everyone in the team but me, usernames in order.
    const options = () => within(screen.getByRole('listbox', { name: 'Members to mention' })).getAllByRole('option');
    expect(options()).toHaveLength(3);
    ['@ajax', 'Pat Coach @coach', 'Jane Doe @jane'].forEach((name, i) => expect(options()[i]).toHaveAccessibleName(name));
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(screen.getByText('3 members to mention: up and down arrows to choose, Enter to insert.')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Hi @jane ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(net.call('POST', commentsPath)).toBeUndefined();

    // Typing narrows the list; Tab inserts too.
    await user.type(box, 'and @co');
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveAccessibleName('Pat Coach @coach');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('Hi @jane and @coach ');
    expect(box).toHaveFocus();

    // Escape closes the list for that mention; typing on does not reopen it.
    await user.type(box, '@a');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.type(box, 'j');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // A username typed out in full, with nothing longer to complete to, opens no list: Enter posts.
    await user.type(box, ' @Jane');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByText(/Hi/, { selector: 'li span' });
    expect(net.call('POST', commentsPath)?.body).toEqual({ message: 'Hi @jane and @coach @aj @Jane' });
  });

  it('inserts a member clicked in the list, the caret after the mention', async () => {
    mockFetch({ [`GET ${reelPath}`]: reelFixture({ owned: false }), 'GET /api/user/team': teamWithMembers, 'GET /api/user/me': me('kid'), [`GET ${commentsPath}`]: [] });
    renderClip();
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText<HTMLTextAreaElement>("What's new?");
    await user.type(box, 'Go @j');
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Jane Doe/ }));
    expect(box).toHaveValue('Go @jane ');
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe('Go @jane '.length);
    await user.type(box, 'now');
    expect(box).toHaveValue('Go @jane now');
  });

  it('lets the team owner also share the clip in the channel', async () => {
    const net = mockFetch({
      [`GET ${reelPath}`]: reelFixture(),
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      [`GET ${commentsPath}`]: [],
      [`POST ${commentsPath}`]: json({ _id: 'c2', publisher: 'coach', name: null, image: null, content: 'Great cut', timestamp: new Date().toISOString() }, 201),
      'POST /api/channel/coach/main': json({ _id: 'm1', publisher: 'coach', content: 'Great cut', timestamp: new Date().toISOString(), type: 'reel', action: reelId }, 201),
    });
    renderClip();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Also share in channel'));
    await user.type(screen.getByPlaceholderText("What's new?"), 'Great cut{Enter}');
    expect(await screen.findByText('Shared in the channel.')).toBeInTheDocument();
    expect(net.call('POST', '/api/channel/coach/main')?.body).toEqual({ message: 'Great cut', reel: reelId });
    expect(screen.getByText('Great cut')).toBeInTheDocument();
  });

  it('shows why a comment was refused and keeps the text', async () => {
    mockFetch({
      [`GET ${reelPath}`]: reelFixture(),
      'GET /api/user/team': team,
      'GET /api/user/me': me('coach'),
      [`GET ${commentsPath}`]: [],
      [`POST ${commentsPath}`]: errorJson(400, 'Please enter a message.', 'VALIDATION'),
    });
    renderClip();
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText("What's new?"), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a message.');
    expect(screen.getByPlaceholderText("What's new?")).toHaveValue('Hi');
  });

  it('says when comments cannot be loaded, and asks to join a team when there is none', async () => {
    mockFetch({ [`GET ${reelPath}`]: reelFixture(), 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), [`GET ${commentsPath}`]: errorJson(500, 'Down') });
    const first = renderClip();
    expect(await screen.findByText('Comments could not be loaded.')).toBeInTheDocument();
    first.unmount();

    mockFetch({ [`GET ${reelPath}`]: reelFixture(), 'GET /api/user/team': { error: 'Not a member' }, 'GET /api/user/me': me('kid') });
    renderClip();
    expect(await screen.findByText('Join a team to comment on clips.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: /Reel player/ })).toBeInTheDocument());
  });

  describe('Download MP4', () => {
    const exportPath = `${reelPath}/export`;
    const none: ReelExport = { status: 'none', progress: 0, url: null, failureReason: null };

    it("is offered to the clip's maker only", async () => {
      const first = mockFetch({ [`GET ${reelPath}`]: reelFixture(), 'GET /api/user/team': team, 'GET /api/user/me': me('coach'), [`GET ${commentsPath}`]: [], [`GET ${exportPath}`]: none });
      const mine = renderClip();
      // Disabled until the current export's state is in.
      const button = await screen.findByRole('button', { name: 'Download MP4' });
      await waitFor(() => expect(button).toBeEnabled());
      expect(first.call('GET', exportPath)).toBeDefined();
      mine.unmount();

      // A teammate's clip: no button, and its export is never asked for (the server would refuse it).
      const other = mockFetch({ [`GET ${reelPath}`]: reelFixture({ owned: false, saved: false }), 'GET /api/user/team': team, 'GET /api/user/me': me('kid'), [`GET ${commentsPath}`]: [] });
      renderClip();
      await screen.findByRole('button', { name: 'Save' });
      expect(screen.queryByRole('button', { name: 'Download MP4' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Download MP4' })).not.toBeInTheDocument();
      expect(other.call('GET', exportPath)).toBeUndefined();
    });

    it("starts the export of the clip's own reel, shows its progress while it is made, then the file's download link", async () => {
      const answers: ReelExport[] = [none, { status: 'running', progress: 40, url: null, failureReason: null }];
      const ready: ReelExport = { status: 'ready', progress: 100, url: '/storage/exports/clip.mp4?sig=z', failureReason: null };
      const net = mockFetch({
        [`GET ${reelPath}`]: reelFixture(),
        'GET /api/user/team': team,
        'GET /api/user/me': me('coach'),
        [`GET ${commentsPath}`]: [],
        [`GET ${exportPath}`]: () => json(answers.shift() ?? ready),
        [`POST ${exportPath}`]: json({ status: 'queued', progress: 0, url: null, failureReason: null }, 202),
      });
      renderClip();
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Download MP4' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Preparing the MP4... 0%');
      expect(await screen.findByText('Preparing the MP4... 40%', {}, { timeout: 3000 })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Export' })).toHaveAttribute('aria-valuenow', '40');
      const link = await screen.findByRole('link', { name: 'Download MP4' }, { timeout: 3000 });
      // A link with `download`: the browser saves the file rather than playing it.
      expect(link).toHaveAttribute('href', '/storage/exports/clip.mp4?sig=z');
      expect(link).toHaveAttribute('download');
      expect(net.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([exportPath]);
    });

    it('says why the MP4 could not be made, and tries again on a second press', async () => {
      const answers: ReelExport[] = [{ status: 'failed', progress: 0, url: null, failureReason: 'The video is gone' }];
      const net = mockFetch({
        [`GET ${reelPath}`]: reelFixture(),
        'GET /api/user/team': team,
        'GET /api/user/me': me('coach'),
        [`GET ${commentsPath}`]: [],
        [`GET ${exportPath}`]: () => json(answers.shift() ?? { status: 'running', progress: 10, url: null, failureReason: null }),
        [`POST ${exportPath}`]: () =>
          net.calls.filter((c) => c.method === 'POST').length === 1 ? errorJson(429, 'Too many exports at once: try again in a minute.') : json({ status: 'queued', progress: 0, url: null, failureReason: null }, 202),
      });
      renderClip();
      expect(await screen.findByRole('alert')).toHaveTextContent('The MP4 could not be made: The video is gone Try again.');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Download MP4' }));
      expect(await screen.findByText('Too many exports at once: try again in a minute.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Download MP4' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Preparing the MP4...');
      expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    });
  });
});
