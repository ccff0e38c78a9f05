import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { registeredByApi } from './accounts-helpers';
import { newPerson, signInWithPassword } from './identity-helpers';

/** Chromium flags for the camera journeys: a synthetic camera and microphone, permission granted without a prompt. */
export const fakeMediaArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** A coach with team main and an active team subscription (local billing), made through the API. */
export async function subscribedCoach(prefix = 'vcoach') {
  const person = newPerson(prefix);
  const account = await registeredByApi(person, 'team', 'Riverside Hawks');
  await account.call('/api/billing/local/subscribe', { type: 'team' });
  return { ...person, ...account };
}

/** Signs in on /login and waits until the app has moved on. */
export async function signIn(page: Page, email: string) {
  await signInWithPassword(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The product API with a Bearer token (the account's own, from sign-up). */
export async function apiWithToken(access: string, path: string) {
  const res = await fetch(`${inject('baseUrl')}${path}`, { headers: { authorization: `Bearer ${access}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls a video until it is no longer processing (transcoding runs in the server's workers). */
export async function waitForVideo(access: string, key: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await apiWithToken(access, `/api/user/videos/${key}`);
    if (status === 200 && body.status !== 'processing') return body;
    if (Date.now() > until) throw new Error(`video ${key} still processing after ${timeoutMs} ms`);
    // A quarter second: the journey goes on as soon as the video is ready, not up to a second later.
    await new Promise((r) => setTimeout(r, 250));
  }
}
