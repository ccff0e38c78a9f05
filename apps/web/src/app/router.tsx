import type { Level } from '@app/contracts/levels';
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';

import { PublicLayout } from '@/app/layouts/public-layout';
import { ErrorPage } from '@/app/routes/error-page';
import { HomeRedirect } from '@/app/routes/home-redirect';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { RequireSignIn } from '@/app/routes/require-sign-in';
import { PageLoading } from '@/components/page-loading';
import { allLevels, teamLevels } from '@/lib/subscription/level-context';

// Who may open which section (team, upload, profile: `teamLevels`).
const eventLevels: readonly Level[] = ['none', 'fan'];
const subscribeLevels: readonly Level[] = ['none'];

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

// Routes whose loader always redirects or throws never render; an explicit null element says so
// (and keeps React Router from warning about an "empty page").
const loaderOnly = { element: null };

/** A loader that sends the visitor on to `target` (given the route's parameters, URL-encoded). */
function sendTo(target: (params: Record<string, string>) => string) {
  return ({ params }: LoaderFunctionArgs) =>
    redirect(target(Object.fromEntries(Object.entries(params).map(([name, value]) => [name, encodeURIComponent(value ?? '')]))));
}

/**
 * The addresses board messages, activity items and notifications link to, sent on to the page that
 * shows the thing (each checks who may see it): a live game's viewer (which shows the archive once
 * the game ended), a video, a reel shared into a team channel.
 */
const linkRedirects: RouteObject[] = [
  { path: 'game/:key', loader: sendTo((p) => `/live/${p.key}`), ...loaderOnly },
  { path: 'video/:key', loader: sendTo((p) => `/team/videos/${p.key}`), ...loaderOnly },
  { path: 'channels/:owner/:channel/reels/:reelId', loader: sendTo((p) => `/team/clips/${p.reelId}`), ...loaderOnly },
];

/*
 * Every route of the app (docs/product.md). Each page is its own lazily loaded module (route-level code
 * splitting: /login never downloads the player or any other page). A page module exports
 * `Component`, and may export `loader`, `ErrorBoundary`, `handle`, ... when it needs them.
 * The signed-in shell (layout, query cache, level) is lazy too: the public pages never load it.
 *
 * Both trees nest the pages in a pathless route with its own errorElement, so a page that fails
 * shows the error page inside its layout (header and navigation still usable); the outer
 * errorElement only catches failures of the layout itself.
 */
export const routes: RouteObject[] = [
  {
    id: 'public',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading className="min-h-svh" />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: 'login', lazy: () => import('@/features/auth/routes/login-page') },
          { path: 'reset', lazy: () => import('@/features/auth/routes/reset-page') },
          { path: 'register', lazy: () => import('@/features/registration/routes/register-page') },
          {
            id: 'registration',
            lazy: () => import('@/app/routes/registration-route'),
            hydrateFallbackElement: <PageLoading />,
            children: [
              { path: 'join/:token', lazy: () => import('@/features/registration/routes/join-team-page') },
              {
                element: <RequireSignIn />,
                children: [
                  { path: 'register/coach', lazy: () => import('@/features/registration/routes/coach-registration-page') },
                  { path: 'register/athlete', lazy: () => import('@/features/registration/routes/athlete-registration-page') },
                  { path: 'register/fan', lazy: () => import('@/features/registration/routes/fan-registration-page') },
                  { path: 'register/invite', lazy: () => import('@/features/registration/routes/invite-athletes-page') },
                  {
                    path: 'register/subscribe/:typeSubscription',
                    lazy: () => import('@/features/subscription/routes/register-subscribe-page'),
                  },
                ],
              },
            ],
          },
          { path: 'logout', lazy: () => import('@/features/auth/routes/logout-page') },
        ],
      },
    ],
  },
  {
    // Readable by anyone, signed in or not: the documents accepted at registration.
    id: 'documents',
    element: <PublicLayout reading />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading className="min-h-svh" />,
    children: [
      { path: 'terms', lazy: () => import('@/features/legal/routes/terms-page') },
      { path: 'privacy', lazy: () => import('@/features/legal/routes/privacy-page') },
    ],
  },
  {
    // A reel's share link: anyone may watch it, signed in or not. It calls the product API, so it
    // gets the app's providers (query cache) without the signed-in layout.
    id: 'shared',
    element: <PublicLayout reading />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading className="min-h-svh" />,
    children: [
      {
        errorElement: <ErrorPage />,
        lazy: () => import('@/app/routes/registration-route'),
        hydrateFallbackElement: <PageLoading />,
        children: [
          { path: 'r/:reelId', lazy: () => import('@/features/reels/routes/shared-reel-page') },
          // A notification e-mail's unsubscribe link: asks, then one POST (no sign-in).
          { path: 'unsubscribe/:token', lazy: () => import('@/features/settings/routes/unsubscribe-page') },
          { path: 'unsubscribe/schedule/:token', lazy: () => import('@/features/settings/routes/schedule-unsubscribe-page') },
          // A schedule e-mail's answer link: records Going / Maybe / Can't without signing in.
          { path: 'rsvp/:token', lazy: () => import('@/features/schedule/routes/rsvp-page') },
        ],
      },
    ],
  },
  {
    // An athlete's recruiting card: anyone with the link, signed in or not, on a wider column.
    id: 'card',
    element: <PublicLayout wide />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading className="min-h-svh" />,
    children: [
      {
        errorElement: <ErrorPage />,
        lazy: () => import('@/app/routes/registration-route'),
        hydrateFallbackElement: <PageLoading />,
        children: [{ path: 'a/:cardId', lazy: () => import('@/features/recruiting/routes/recruiting-card-page') }],
      },
    ],
  },
  {
    id: 'main',
    path: '/',
    lazy: () => import('@/app/routes/main-route'),
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoading className="min-h-svh" />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          // Home redirects to /team (levels none and fan: /events, see HomeRedirect).
          {
            index: true,
            element: (
              <ProtectedRoute levels={allLevels}>
                <HomeRedirect />
              </ProtectedRoute>
            ),
          },
          {
            path: 'home',
            element: (
              <ProtectedRoute levels={allLevels}>
                <HomeRedirect />
              </ProtectedRoute>
            ),
          },
          {
            path: 'team',
            element: <ProtectedRoute levels={teamLevels} />,
            children: [
              { index: true, lazy: () => import('@/app/routes/team-route') },
              { path: 'members', lazy: () => import('@/features/members/routes/members-page') },
              {
                path: 'members/:profiled',
                lazy: () => import('@/features/profiles/routes/member-profile-page'),
              },
              { path: 'videos', lazy: () => import('@/features/videos/routes/team-videos-page') },
              { path: 'videos/:key', lazy: () => import('@/app/routes/video-route') },
              { path: 'codes', lazy: () => import('@/features/tags/routes/code-window-page') },
              { path: 'clips', lazy: () => import('@/features/clips/routes/team-clips-page') },
              { path: 'clips/:clipId', lazy: () => import('@/app/routes/clip-route') },
              {
                path: 'clips/:clipId/edit',
                lazy: () => import('@/features/reels/routes/edit-clip-page'),
              },
              {
                path: 'messages',
                lazy: () => import('@/features/talk/routes/board-page'),
              },
              {
                path: 'messages/:messageId',
                lazy: () => import('@/features/talk/routes/board-thread-page'),
              },
              { path: 'activity', lazy: () => import('@/features/talk/routes/activity-page') },
              { path: 'schedule', lazy: () => import('@/features/schedule/routes/schedule-page') },
              {
                path: 'schedule/:eventId',
                lazy: () => import('@/features/schedule/routes/schedule-event-page'),
              },
            ],
          },
          {
            path: 'library',
            element: <ProtectedRoute levels={allLevels} />,
            children: [
              { index: true, lazy: () => import('@/app/routes/library-route') },
              { path: 'videos', lazy: () => import('@/features/videos/routes/library-videos-page') },
              {
                path: 'videos/all',
                lazy: () => import('@/features/videos/routes/library-all-videos-page'),
              },
              {
                path: 'videos/:videoId',
                lazy: () => import('@/app/routes/video-route'),
              },
              { path: 'clips', lazy: () => import('@/features/clips/routes/library-clips-page') },
              {
                path: 'clips/all',
                lazy: () => import('@/features/clips/routes/library-all-clips-page'),
              },
              {
                path: 'clips/:clipId',
                lazy: () => import('@/app/routes/clip-route'),
              },
              { path: 'reels', lazy: () => import('@/features/reels/routes/library-reels-page') },
              {
                path: 'reels/all',
                lazy: () => import('@/features/reels/routes/library-all-reels-page'),
              },
              { path: 'reels/:reelId', lazy: () => import('@/app/routes/reel-route') },
              {
                path: 'reels/:reelId/edit',
                lazy: () => import('@/features/reels/routes/edit-reel-page'),
              },
            ],
          },
          {
            path: 'upload',
            element: <ProtectedRoute levels={teamLevels} />,
            children: [
              { index: true, lazy: () => import('@/features/upload/routes/upload-page') },
              { path: 'confirm', lazy: () => import('@/app/routes/upload-confirm-route') },
            ],
          },
          {
            path: 'live',
            element: <ProtectedRoute levels={allLevels} />,
            children: [
              { index: true, lazy: () => import('@/features/live/routes/live-page') },
              { path: ':streamId', lazy: () => import('@/app/routes/live-game-route') },
              { path: 'upcoming', lazy: () => import('@/features/live/routes/upcoming-page') },
              {
                path: 'upcoming/:streamId',
                lazy: () => import('@/features/live/routes/upcoming-stream-page'),
              },
              { path: 'archives', lazy: () => import('@/features/live/routes/archives-page') },
              {
                path: 'archives/:streamId',
                lazy: () => import('@/features/live/routes/archive-stream-page'),
              },
            ],
          },
          {
            // The register page links /sport/iho; any signed-in user may browse a sport's games.
            path: 'sport/:code',
            element: <ProtectedRoute levels={allLevels} />,
            children: [{ index: true, lazy: () => import('@/features/live/routes/sport-page') }],
          },
          {
            path: 'profile',
            element: <ProtectedRoute levels={teamLevels} />,
            children: [
              { index: true, lazy: () => import('@/features/profiles/routes/profile-page') },
              { path: 'edit', lazy: () => import('@/app/routes/edit-profile-route') },
              { path: 'recruiting', lazy: () => import('@/features/recruiting/routes/recruiting-settings-page') },
            ],
          },
          {
            path: 'events',
            element: <ProtectedRoute levels={eventLevels} />,
            children: [{ index: true, lazy: () => import('@/features/live/routes/events-page') }],
          },
          {
            path: 'subscribe',
            element: <ProtectedRoute levels={subscribeLevels} />,
            children: [
              { index: true, lazy: () => import('@/app/routes/subscribe-route') },
            ],
          },
          {
            path: 'settings',
            element: <ProtectedRoute levels={allLevels} />,
            children: [{ index: true, lazy: () => import('@/app/routes/settings-route') }],
          },
          ...linkRedirects,
          // Anything else under / is the error page with 404 'Not Found'.
          { path: '*', loader: notFound, ...loaderOnly },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
