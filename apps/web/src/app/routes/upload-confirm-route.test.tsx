import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import { videoFixture } from '@/test/video-fixture';

const ready = videoFixture({ key: '11111111-1111-4111-8111-111111111111', title: 'Derby' });
const failed = videoFixture({
  key: '22222222-2222-4222-8222-222222222222',
  title: 'notes',
  status: 'failed',
  failureReason: 'This file is not a video we can play.',
  sources: {},
  poster: null,
});

describe('/upload/confirm', () => {
  it('tells per file what became of it, and removes a failed one in one click', async () => {
    let deleted = false;
    const net = mockFetch({
      'GET /api/user/videos': () => json({ items: deleted ? [ready] : [ready, failed], next: null }),
      [`DELETE /api/user/videos/${failed.key}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/upload/confirm?key=${ready.key}&key=${failed.key}`, {
      routes: pageRoutes('/upload/confirm', () => import('@/app/routes/upload-confirm-route')),
      session: signedInSession,
      level: 'team',
    });
    expect(await screen.findByText('Your 2 videos: 1 ready to watch, 1 failed.')).toBeInTheDocument();
    expect(screen.queryByText(/are processing/i)).not.toBeInTheDocument();
    expect(screen.getByText('Processing failed')).toBeInTheDocument();
    expect(screen.getByText('This file is not a video we can play.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload again' })).toHaveAttribute('href', '/upload');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove notes' }));
    expect(await screen.findByText('Your video is ready to watch.')).toBeInTheDocument();
    expect(net.call('DELETE', `/api/user/videos/${failed.key}`)).toBeDefined();
    await waitFor(() => expect(screen.queryByText('notes')).not.toBeInTheDocument());
  });
});
