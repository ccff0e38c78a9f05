import { describe, expect, it } from 'vitest';
import { mentionedUsernames } from '@app/contracts/talk';

describe('mentionedUsernames', () => {
  it('finds each @username in order, once, as written', () => {
    expect(mentionedUsernames('@avery and @Sam_2, then @avery again and @sam-3.')).toEqual(['avery', 'Sam_2', 'sam-3']);
  });

  it('reads a mention at the start, after punctuation or a line break, up to the first other character', () => {
    expect(mentionedUsernames('(@a) "@b", @c!\n@d?')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores an @ inside a word or an e-mail address, and a bare @', () => {
    expect(mentionedUsernames('mail coach@example.com or x@y, me@ @ @@')).toEqual([]);
  });

  it('is empty for a text without mentions', () => {
    expect(mentionedUsernames('')).toEqual([]);
    expect(mentionedUsernames('Great game today')).toEqual([]);
  });
});
