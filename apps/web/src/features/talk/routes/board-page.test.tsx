import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Component as MessageBoardPage } from '@/features/talk/routes/board-page';
import { mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const team = { description: 'Riverside Hawks', owner: 'coachkim', channel: 'main', members: {} };
const item = (over: Record<string, unknown>) => ({
  subject: '', publisher: 'coachkim', content: '', timestamp: Date.now(), type: null, action: null, recipients: [],
  channel: { owner: 'coachkim', channel: 'main' }, preview: null, replies: 0, ...over,
});
const kimAvatar = '/api/images/kim/256.webp';

describe('Message Board', () => {
  it("names people by their name, shows one's own posts with one's avatar, and links mentions to the member's page as text", async () => {
    mockFetch({
      'GET /api/user/me': { userId: 7, userUuid: 'uuid-7', username: 'coachkim', name: 'Dana Kim', image: kimAvatar },
      'GET /api/user/team': team,
      'GET /api/team/buddies': [
        { _id: '1', username: 'coachkim', name: 'Dana Kim', image: kimAvatar },
        { _id: '2', username: 'alexr', name: null, image: null },
      ],
      'GET /api/team/board': {
        items: [
          item({ _id: 'm2', publisher: 'alexr', content: 'Thanks @coachkim <b>coach</b>' }),
          item({ _id: 'm1', subject: 'Practice moved', content: 'Six tonight, @alexr' }),
        ],
        next: null,
      },
    });
    renderApp('/team/messages', { routes: [{ path: '/team/messages', element: <MessageBoardPage /> }], session: signedInSession, level: 'team' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [theirs, mine] = await within(list).findAllByRole('article');

    // Someone without a name shows by their username; one's own post says You, with one's avatar.
    expect(within(theirs!).getByText('alexr')).toBeInTheDocument();
    expect(within(mine!).getByText('You')).toBeInTheDocument();
    expect(mine!.querySelector('img')).toHaveAttribute('src', kimAvatar);

    const mention = within(theirs!).getByRole('link', { name: '@coachkim' });
    expect(mention).toHaveAttribute('href', '/team/members/coachkim');
    expect(within(mine!).getByRole('link', { name: '@alexr' })).toHaveAttribute('href', '/team/members/alexr');
    // Text stays text.
    expect(theirs!.querySelector('b')).toBeNull();
    expect(within(theirs!).getByText(/<b>coach<\/b>/)).toBeInTheDocument();
  });
});
