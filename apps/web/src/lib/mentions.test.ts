import { describe, expect, it } from 'vitest';

import { completeMention, matchingMembers, mentionAt, splitMentions } from '@/lib/mentions';

describe('splitMentions', () => {
  it('finds @username mentions of letters, digits, hyphens and underscores, not inside words or e-mail addresses', () => {
    expect(splitMentions('Nice @kim_2-b! ask me@example.com or @jo.')).toEqual([
      { text: 'Nice ' },
      { text: '@kim_2-b', mention: 'kim_2-b' },
      { text: '! ask me@example.com or ' },
      { text: '@jo', mention: 'jo' },
      { text: '.' },
    ]);
    expect(splitMentions('@coach')).toEqual([{ text: '@coach', mention: 'coach' }]);
    expect(splitMentions('no mentions @ all')).toEqual([{ text: 'no mentions @ all' }]);
    expect(splitMentions('')).toEqual([]);
  });
});

describe('mentionAt', () => {
  it('is the @ and username characters right before the caret, through the rest of the word', () => {
    expect(mentionAt('Hi @ja', 6)).toEqual({ start: 3, end: 6, query: 'ja' });
    expect(mentionAt('Hi @', 4)).toEqual({ start: 3, end: 4, query: '' });
    expect(mentionAt('Hi @jane and', 5)).toEqual({ start: 3, end: 8, query: 'j' });
    expect(mentionAt('@x', 2)).toEqual({ start: 0, end: 2, query: 'x' });
  });

  it('is nothing after a space, inside an e-mail address or with no @', () => {
    expect(mentionAt('Hi @jane ', 9)).toBeNull();
    expect(mentionAt('me@exam', 7)).toBeNull();
    expect(mentionAt('plain', 5)).toBeNull();
  });
});

describe('completeMention', () => {
  it('replaces the draft with @username and one space, the caret after it', () => {
    expect(completeMention('Hi @ja', { start: 3, end: 6, query: 'ja' }, 'jane')).toEqual({ text: 'Hi @jane ', caret: 9 });
    expect(completeMention('Hi @j now', { start: 3, end: 5, query: 'j' }, 'jane')).toEqual({ text: 'Hi @jane now', caret: 9 });
  });
});

describe('matchingMembers', () => {
  const members = [
    { username: 'zed', name: 'Jamie Zed' },
    { username: 'Jane', name: null },
    { username: 'ajax', name: 'Alex' },
    { username: 'bob', name: 'Bob' },
  ];

  it('puts usernames starting with the query first, then usernames or names containing it, ignoring case', () => {
    expect(matchingMembers(members, 'ja').map((m) => m.username)).toEqual(['Jane', 'ajax', 'zed']);
    expect(matchingMembers(members, 'JA').map((m) => m.username)).toEqual(['Jane', 'ajax', 'zed']);
    expect(matchingMembers(members, '').map((m) => m.username)).toEqual(['ajax', 'bob', 'Jane', 'zed']);
    expect(matchingMembers(members, 'q')).toEqual([]);
    expect(matchingMembers(members, '', 2)).toHaveLength(2);
  });
});
