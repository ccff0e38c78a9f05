import { describe, expect, it } from 'vitest';

import { splitLinks } from '@/features/talk/utils/split-links';

describe('splitLinks', () => {
  it('links http(s) addresses and leaves the sentence punctuation outside', () => {
    expect(splitLinks('See https://example.com/a?b=1. Then http://x.example')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Then ' },
      { text: 'http://x.example', href: 'http://x.example' },
    ]);
  });

  it('never links other schemes or markup', () => {
    expect(splitLinks('javascript:alert(1) <a href="https://x">x</a>')).toEqual([
      { text: 'javascript:alert(1) <a href="' },
      { text: 'https://x', href: 'https://x' },
      { text: '">x</a>' },
    ]);
    expect(splitLinks('plain text')).toEqual([{ text: 'plain text' }]);
  });
});
