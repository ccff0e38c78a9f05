import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, bottomNavLinks, joinLink, outboxLink, registeredByApi, signUpInBrowser } from './accounts-helpers';
import { launch, openPage } from './browser';
import { newPerson, outboxMessages, password } from './identity-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('accounts journeys', () => {
  it('a coach registers, gets team main, invites three athletes, subscribes and sees the team navigation', async () => {
    const coach = newPerson('coach');
    const athletes = [newPerson('ath'), newPerson('ath'), newPerson('ath')];
    const { page, context, problems } = await openPage(browser, '/register?affiliate=club7');
    await signUpInBrowser(page, /coach/i, coach);
    await page.waitForURL(/\/register\/coach\?affiliate=club7/);

    await page.getByRole('heading', { name: 'Coach Registration' }).waitFor();
    await page.getByText('Enter your personal information').waitFor();
    await page.getByText('This is your public display name.').waitFor();
    // The username chosen at sign-up is prefilled.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(coach.username);
    // Checked on blur.
    await page.getByLabel('Team').fill('H');
    await page.getByLabel('First Name').click();
    await page.getByText('Team name must be at least 2 characters').waitFor();
    await page.getByLabel('Team').fill('Riverside Hawks');
    await page.getByText('Team name must be at least 2 characters').waitFor({ state: 'detached' });
    await page.getByLabel('First Name').fill('Casey');
    await page.getByLabel('Last Name').fill('Coach');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\/invite$/);

    const team = await apiAs(context, '/api/user/team');
    expect(team.body).toMatchObject({ owner: coach.username, channel: 'main', description: 'Riverside Hawks' });
    expect(Object.keys(team.body.members as object)).toEqual([coach.username]);
    const me = await apiAs(context, '/api/user/me');
    expect(me.body).toMatchObject({ type: 'team', affiliate: 'club7', firstname: 'Casey', lastname: 'Coach' });

    // Three rows to start; '+' adds one, '-' removes one; checked on submit.
    await page.getByRole('heading', { name: 'Invite Athletes' }).waitFor();
    const rows = page.getByRole('textbox');
    expect(await rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Add another email' }).click();
    expect(await rows.count()).toBe(4);
    await page.getByRole('button', { name: 'Remove email row 4' }).click();
    expect(await rows.count()).toBe(3);
    await rows.nth(0).fill('not-an-email');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('Invalid email address').waitFor();
    for (const [i, athlete] of athletes.entries()) await rows.nth(i).fill(athlete.email);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    // The coach (in the trial) lands on the team's members, told what happened.
    await page.waitForURL(/\/team\/members$/);
    await page.getByText(`${athletes.length} invitations sent.`).waitFor();
    for (const athlete of athletes) {
      expect(await outboxLink(athlete.email, joinLink)).toContain('/join/');
      const [mail] = await outboxMessages(athlete.email);
      expect(mail!.text).toContain('Riverside Hawks');
    }

    await page.goto('/register/subscribe/team');
    await page.getByRole('heading', { name: 'Subscribe' }).waitFor();
    await page.getByText('Get a subscription. Cancel any time.').waitFor();
    await page.getByText(/test mode/i).first().waitFor();
    await page.getByRole('button', { name: /subscribe/i }).first().click();
    await page.waitForURL(/\/team$/);
    await expect.poll(() => bottomNavLinks(page)).toEqual(['Team', 'Library', 'Upload', 'Watch', 'Profile']);
    const usage = await apiAs(context, '/api/user/usage');
    expect((usage.body.items as { type: string }[]).map((i) => i.type)).toEqual(['team']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('an invited athlete follows the e-mailed link, registers, joins the team and is listed in it', async () => {
    const coach = newPerson('coach');
    const athlete = newPerson('ath');
    const coachApi = await registeredByApi(coach, 'team', 'Lakeside Owls');
    await coachApi.call('/api/user/invites', { email: athlete.email, owner: coach.username, channel: 'main' });
    const link = await outboxLink(athlete.email, joinLink);

    const { page, context, problems } = await openPage(browser, link);
    await page.getByRole('heading', { name: 'Join Lakeside Owls' }).waitFor();
    await page.getByRole('link', { name: 'Create an athlete account' }).click();
    await page.waitForURL(/\/register\?/);
    expect(await page.getByLabel('Email').inputValue()).toBe(athlete.email);
    await signUpInBrowser(page, /athlete/i, athlete);
    await page.waitForURL(/\/register\/athlete\?invite=/);
    await page.getByRole('heading', { name: 'Athlete Registration' }).waitFor();
    // The username comes from the sign-up record; a click before it arrives would only show 'Required'.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(athlete.username);
    await page.getByLabel('First Name').fill('Alex');
    await page.getByLabel('Last Name').fill('Athlete');
    await page.getByRole('button', { name: 'Continue' }).click();
    // On to the team just joined (the athlete is in the trial), saying so.
    await page.waitForURL(/\/team$/);
    await page.getByText('You joined Lakeside Owls.').waitFor();

    const team = await apiAs(context, '/api/user/team');
    expect(team.body).toMatchObject({ owner: coach.username, channel: 'main', description: 'Lakeside Owls' });
    expect(Object.keys(team.body.members as object).sort()).toEqual([athlete.username, coach.username].sort());
    const teams = await apiAs(context, '/api/user/teams');
    expect(teams.body).toEqual([expect.objectContaining({ username: coach.username, channel: 'main', member: true, current: true })]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a used invitation link says it was used and offers no sign-up', async () => {
    const coach = newPerson('coach');
    const invited = newPerson('ath');
    const coachApi = await registeredByApi(coach, 'team', 'Valley Wolves');
    await coachApi.call('/api/user/invites', { email: invited.email, owner: coach.username, channel: 'main' });
    const link = await outboxLink(invited.email, joinLink);
    const claimer = await registeredByApi(invited, 'athlete');
    await claimer.call(`/api/invites/${link.split('/join/')[1]}/accept`, {});

    const { page, context, problems } = await openPage(browser, link);
    await page.getByRole('heading', { name: 'This invitation was already used' }).waitFor();
    await page.getByText('Someone already joined Valley Wolves with this link.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create an athlete account' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /^Join / }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('an existing athlete signs in from the e-mailed link and joins the team', async () => {
    const coach = newPerson('coach');
    const athlete = newPerson('ath');
    const coachApi = await registeredByApi(coach, 'team', 'Hilltop Foxes');
    await registeredByApi(athlete, 'athlete');
    await coachApi.call('/api/user/invites', { email: athlete.email, owner: coach.username, channel: 'main' });
    const link = await outboxLink(athlete.email, joinLink);

    const { page, context, problems } = await openPage(browser, link);
    await page.getByRole('link', { name: 'I already have an account' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    // Signing in on this page (which carries the redirect) returns to the invitation.
    await page.getByLabel('Email or username').fill(athlete.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/join\//);
    await page.getByRole('button', { name: 'Join team' }).click();
    await page.waitForURL(/\/team$/);
    await page.getByText('You joined Hilltop Foxes.').waitFor();
    const team = await apiAs(context, '/api/user/team');
    expect(team.body).toMatchObject({ owner: coach.username, description: 'Hilltop Foxes' });
    expect(Object.keys(team.body.members as object)).toContain(athlete.username);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("a fan registers, reaches the subscription page and tries first: 'Let me try first' goes to /events", async () => {
    const fan = newPerson('fan');
    const { page, context, problems } = await openPage(browser, '/register');
    await signUpInBrowser(page, /fan/i, fan);
    await page.waitForURL(/\/register\/fan$/);
    await page.getByRole('heading', { name: 'Fan Registration' }).waitFor();
    // The username comes from the sign-up record; a click before it arrives would only show 'Required'.
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(fan.username);
    await page.getByLabel('First Name').fill('Frankie');
    await page.getByLabel('Last Name').fill('Fan');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/register\/subscribe\/fan$/);
    await page.getByText('Get a subscription. Cancel any time.').waitFor();
    await page.getByRole('link', { name: 'Let me try first' }).click();
    await page.waitForURL(/\/events$/);
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    expect(await bottomNavLinks(page)).toEqual(['Events', 'Subscribe']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
