import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/modules/mail/templates/escape-html';
import { magicLink } from '../../src/modules/identity/mail/magic-link';
import { passwordReset } from '../../src/modules/identity/mail/password-reset';
import { verificationCodeSms } from '../../src/modules/identity/mail/verification-code-sms';
import { verificationCode } from '../../src/modules/identity/mail/verification-code';
import { DIGEST_ITEMS_MAX, notificationDigest } from '../../src/modules/notifications/notification-digest-mail';
import { teamInvite } from '../../src/modules/teams/team-invite-mail';

/** Every member e-mail's template, each beside its domain. */
const mailTemplates = {
  'magic-link': magicLink,
  'verification-code': verificationCode,
  'password-reset': passwordReset,
  'team-invite': teamInvite,
  'notification-digest': notificationDigest,
};
type MailTemplateName = keyof typeof mailTemplates;
type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]>[0];

const SCRIPT = '<script>alert("x")</script>';
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';
// A real link carries `&` between parameters; it must reach the href escaped and the text part as is.
const LINK = 'https://teamfilm.test/login?uuid=5b0c&token=abc';

const samples: { [N in MailTemplateName]: MailTemplateData<N> } = {
  'magic-link': { link: LINK, expiresMinutes: 15, name: 'Sam' },
  'verification-code': { code: '123456', expiresMinutes: 10 },
  'password-reset': { link: LINK, expiresMinutes: 60 },
  'team-invite': { link: 'https://teamfilm.test/join/abc', inviter: 'Casey Coach', team: 'Eagles', expiresDays: 14 },
  'notification-digest': {
    name: 'Sam',
    items: [{ publisher: 'coach', message: 'Film at 6', url: 'https://teamfilm.test/team/messages/1' }],
    unread: 1,
    notificationsUrl: 'https://teamfilm.test/home',
    unsubscribeUrl: 'https://teamfilm.test/unsubscribe/abc',
  },
};

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('mail templates', () => {
  it.each(Object.keys(samples) as MailTemplateName[])('%s renders a complete, table-based HTML mail and a text part', (name) => {
    const render = mailTemplates[name] as (d: unknown) => { subject: string; text: string; html: string };
    const out = render(samples[name]);
    expect(out.subject).toMatch(/Teamfilm/);
    expect(out.html).toMatch(/^<!DOCTYPE html>/);
    expect(out.html).toContain('<table role="presentation"');
    expect(out.html).toContain(`<title>${escapeHtml(out.subject)}</title>`);
    expect(out.html).not.toMatch(/<script|<link|<img|\son\w+=/i);
    expect(out.text).toContain('Teamfilm');
    expect(out.text).not.toMatch(/<[a-z]/i);
    expect(out.html).toContain('you can ignore this email');
    expect(out.text).toContain('you can ignore this email');
  });

  it('magic link: link as button and fallback, expiry, greeting', () => {
    const out = magicLink({ link: LINK, expiresMinutes: 15, name: 'Sam' });
    expect(out.subject).toBe('Your Teamfilm sign-in link');
    const href = escapeHtml(LINK);
    expect(out.html.split(`href="${href}"`)).toHaveLength(3);
    expect(out.html).toContain('expires in 15 minutes');
    expect(out.html).toContain('Hi Sam,');
    expect(out.text).toContain(`\n${LINK}\n`);
    expect(out.text).toContain('expires in 15 minutes');
    expect(out.text).toContain('If you did not ask to sign in, you can ignore this email.');
    expect(magicLink({ link: LINK, expiresMinutes: 1 }).text).toMatch(/^Sign in to Teamfilm\n\nHi,\n/);
    expect(magicLink({ link: LINK, expiresMinutes: 1 }).text).toContain('expires in 1 minute.');
  });

  it('verification code: code in subject, html and text, with expiry', () => {
    const out = verificationCode({ code: '123456', expiresMinutes: 10 });
    expect(out.subject).toBe('Your Teamfilm code: 123456');
    expect(out.html).toContain('>123456</p>');
    expect(out.text).toContain('\n123456\n');
    expect(out.text).toContain('expires in 10 minutes');
    expect(out.text).toContain('If you did not ask for a code, you can ignore this email.');
  });

  it('password reset', () => {
    const reset = passwordReset({ link: LINK, expiresMinutes: 30 });
    expect(reset.subject).toBe('Reset your Teamfilm password');
    expect(reset.text).toContain(LINK);
    expect(reset.text).toContain('expires in 30 minutes');
    expect(reset.text).toContain('Your password stays the same.');
  });

  it('escapes every interpolated value in HTML and keeps it verbatim in text', () => {
    for (const out of [magicLink({ link: LINK, expiresMinutes: 5, name: SCRIPT }), notificationDigest({ ...samples['notification-digest'], name: SCRIPT })]) {
      expect(out.html).toContain(`Hi ${ESCAPED},`);
      expect(out.html).not.toContain('<script');
      expect(out.text).toContain(`Hi ${SCRIPT},`);
    }
    const code = verificationCode({ code: SCRIPT, expiresMinutes: 5 });
    expect(code.html).toContain(ESCAPED);
    expect(code.html).not.toContain('<script');
    expect(code.text).toContain(SCRIPT);
    const hostileLink = 'https://teamfilm.test/x?a="><script>alert(1)</script>';
    const reset = passwordReset({ link: hostileLink, expiresMinutes: 5 });
    expect(reset.html).not.toContain('<script');
    expect(reset.html).toContain('href="https://teamfilm.test/x?a=&quot;&gt;&lt;script&gt;');
    expect(reset.text).toContain(hostileLink);
  });

  it('notification digest: who, what and a link per notification, the rest counted, escaped in HTML', () => {
    const items = Array.from({ length: DIGEST_ITEMS_MAX + 3 }, (_, i) => ({ publisher: i === 0 ? SCRIPT : 'coach', message: `line ${i}\nnext ${SCRIPT}`, url: `https://teamfilm.test/team/messages/${i}` }));
    const out = notificationDigest({ items, unread: 40, notificationsUrl: 'https://teamfilm.test/home', unsubscribeUrl: 'https://teamfilm.test/unsubscribe/t.k' });
    expect(out.subject).toBe('You have 40 unread notifications on Teamfilm');
    expect(out.html).not.toContain('<script');
    expect(out.html).toContain(ESCAPED);
    expect(out.text).toContain(`line 0 next ${SCRIPT}`);
    expect(out.text).toContain(`https://teamfilm.test/team/messages/${DIGEST_ITEMS_MAX - 1}`);
    expect(out.text).not.toContain(`https://teamfilm.test/team/messages/${DIGEST_ITEMS_MAX}\n`);
    expect(out.text).toContain('And 3 more.');
    expect(out.html).toContain('href="https://teamfilm.test/unsubscribe/t.k"');
    expect(out.text).toContain('https://teamfilm.test/home');
    expect(() => notificationDigest({ items: [{ publisher: null, message: 'x', url: 'javascript:alert(1)' }], unread: 1, notificationsUrl: 'https://teamfilm.test/home', unsubscribeUrl: 'https://teamfilm.test/u' })).toThrow(/http/);
  });

  it('refuses links that are not http(s) and expiries that are not whole minutes', () => {
    expect(() => magicLink({ link: 'javascript:alert(1)', expiresMinutes: 5 })).toThrow(/http/);
    expect(() => passwordReset({ link: 'not a url', expiresMinutes: 5 })).toThrow();
    expect(() => magicLink({ link: LINK, expiresMinutes: 0 })).toThrow(/positive integer/);
    expect(() => verificationCode({ code: '1', expiresMinutes: 2.5 })).toThrow(/positive integer/);
  });
});

describe('verificationCodeSms', () => {
  it('says the code, the expiry, and binds it to the origin when given a domain', () => {
    expect(verificationCodeSms({ code: '123456', expiresMinutes: 10 })).toBe('Your Teamfilm code is 123456. It expires in 10 minutes. Never share it.');
    expect(verificationCodeSms({ code: '123456', expiresMinutes: 10, domain: 'teamfilm.test' })).toMatch(/\n\n@teamfilm\.test #123456$/);
  });
});
