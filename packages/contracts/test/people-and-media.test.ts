import { describe, expect, it } from 'vitest';
import { USER_DATA_MAX_BYTES, userDataProblem } from '@app/contracts/identity-api';
import { sportName, toSportCode } from '@app/contracts/live';
import { ageFrom } from '@app/contracts/profiles';
import { socialLink } from '@app/contracts/recruiting';
import { displayName } from '@app/contracts/user-me';
import { highlightAt } from '@app/contracts/videos';

describe('ageFrom', () => {
  const today = new Date('2026-06-15T12:00:00Z');
  it('counts whole years, the birthday itself included', () => {
    expect(ageFrom('2010-06-15', today)).toBe(16);
    expect(ageFrom('2010-06-16', today)).toBe(15);
    expect(ageFrom('2010-05-31T00:00:00Z', today)).toBe(16);
  });
  it('is null without a birthdate, for one in the future or an impossible age', () => {
    for (const value of [undefined, null, 42, '', 'June 2010', '2027-01-01', '1800-01-01']) expect(ageFrom(value, today), String(value)).toBeNull();
  });
});

describe('sports', () => {
  it('reads a code case-insensitively, with its link aliases', () => {
    expect(toSportCode(' fhk ')).toBe('FHK');
    expect(toSportCode('iho')).toBe('IHK');
    expect(toSportCode('curling')).toBeNull();
  });
  it('names a code, and shows free text as typed', () => {
    expect(sportName('FHK')).toBe('Field Hockey');
    expect(sportName('Underwater rugby')).toBe('Underwater rugby');
    expect(sportName(null)).toBeNull();
  });
});

describe('socialLink', () => {
  it('links a handle, typed bare, with @ or as the profile address, on the network’s own https address', () => {
    expect(socialLink('instagram', '@avery.k')).toEqual({ network: 'instagram', handle: 'avery.k', url: 'https://www.instagram.com/avery.k/' });
    expect(socialLink('twitter', 'https://x.com/avery_k?s=1')?.handle).toBe('avery_k');
    expect(socialLink('tiktok', 'www.tiktok.com/@avery')?.url).toBe('https://www.tiktok.com/@avery');
  });
  it('links nothing that is not a handle on that network', () => {
    for (const value of [undefined, '', 'https://evil.example.com/avery', 'instagram.com.evil.com/avery', 'a b', 'javascript:alert(1)', 'x'.repeat(31)]) {
      expect(socialLink('instagram', value), String(value)).toBeNull();
    }
  });
});

describe('displayName', () => {
  it('is the name given, else the username', () => {
    expect(displayName({ username: 'avery', name: ' Avery K ' })).toBe('Avery K');
    expect(displayName({ username: 'avery', name: '  ' })).toBe('avery');
    expect(displayName({ username: 'avery', name: null })).toBe('avery');
  });
});

describe('highlightAt', () => {
  it('marks 3 s before and 5 s after, within the video', () => {
    expect(highlightAt(10)).toEqual({ intro: 7, highlight: 10, outro: 15 });
    expect(highlightAt(1, 60)).toEqual({ intro: 0, highlight: 1, outro: 6 });
    expect(highlightAt(58, 60)).toEqual({ intro: 55, highlight: 58, outro: 60 });
  });
});

describe('userDataProblem', () => {
  it('allows small, shallow data', () => {
    expect(userDataProblem({ team: 'Hawks', prefs: { theme: 'dark' } })).toBeUndefined();
  });
  it('names what is too deep or too large', () => {
    expect(userDataProblem({ a: { b: { c: { d: { e: {} } } } } })).toBe('May nest at most 5 levels');
    expect(userDataProblem({ text: 'é'.repeat(USER_DATA_MAX_BYTES / 2) })).toBe(`Must be at most ${USER_DATA_MAX_BYTES} bytes as JSON`);
  });
});
