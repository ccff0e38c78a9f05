import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/modules/mail/templates/escape-html';
import { teamInvite } from '../../src/modules/teams/team-invite-mail';

const LINK = 'https://teamfilm.test/join/abc_DEF-123';

describe('team-invite mail', () => {
  it('names the coach and the team, carries the link, and explains both ways in', () => {
    const out = teamInvite({ link: LINK, inviter: 'Casey Coach', team: 'Eagles U18', expiresDays: 14 });
    expect(out.subject).toBe('Casey Coach invited you to Eagles U18 on Teamfilm');
    expect(out.text).toContain('Casey Coach invited you to join the team Eagles U18 on Teamfilm');
    expect(out.text).toContain(`\n${LINK}\n`);
    expect(out.html.split(`href="${LINK}"`)).toHaveLength(3);
    expect(out.text).toContain('Already have a Teamfilm account? Open the link and sign in to join.');
    expect(out.text).toContain('New to Teamfilm? Open the link and create an athlete account.');
    expect(out.text).toContain('The link works once and expires in 14 days.');
    expect(out.text).toContain('you can ignore this email');
  });

  it('escapes user-provided names in HTML and keeps mail headers on one line', () => {
    const script = '<script>alert("x")</script>';
    const out = teamInvite({ link: LINK, inviter: `Eve\r\nBcc: victim@example.com`, team: script, expiresDays: 1 });
    expect(out.html).not.toContain('<script>');
    expect(out.html).toContain(escapeHtml(script));
    expect(out.text).toContain(script);
    expect(out.subject).toBe(`Eve Bcc: victim@example.com invited you to ${script} on Teamfilm`);
    expect(out.subject).not.toMatch(/[\r\n]/);
    expect(out.text).toContain('expires in 1 day.');
  });
});
