import { describe, expect, it } from 'vitest';

import { clipFixture } from '@/test/clip-fixture';
import { autoHighlights } from '@/features/live/utils/cheers';
import { gameHighlightCard, minuteOfPlay } from '@/features/live/utils/game-clock';

const start = Date.parse('2026-03-08T19:30:00Z');

describe('a Game Highlights card', () => {
  it('counts the minute of play from the start, the first minute being 1', () => {
    expect(minuteOfPlay(start, start)).toBe(1);
    expect(minuteOfPlay(start + 59_999, start)).toBe(1);
    expect(minuteOfPlay(start + 22 * 60_000 + 5000, start)).toBe(23);
    expect(minuteOfPlay(start - 5000, start)).toBe(1);
  });

  it('is titled by its description, else the name it has in Clips (game and time); an auto highlight has its stars', () => {
    const highlights = autoHighlights([
      { timestamp: start + 60_000, cheer: 10, path: '/team/clips/reel-a' },
      { timestamp: start + 600_000, cheer: 4, path: '' },
    ]);
    const saved = clipFixture({ clip_id: start + 22 * 60_000, description: '', cheer: false, clipTitle: 'Hawks vs Owls', time: '00:22:04' });
    expect(gameHighlightCard(saved, start, highlights)).toMatchObject({ title: 'Hawks vs Owls · 00:22:04', minute: 23, stars: null });
    const described = clipFixture({ clip_id: start + 90_000, description: 'Goal by #9', cheer: false });
    expect(gameHighlightCard(described, start, highlights)).toMatchObject({ title: 'Goal by #9', minute: 2 });
    const cheer = clipFixture({ clip_id: start + 600_000, description: '', cheer: true, reel_id: 'reel-b', time: '00:10:00' });
    expect(gameHighlightCard(cheer, start, highlights)).toMatchObject({ title: 'Hawks vs Owls · 00:10:00', minute: 11, stars: 2 });
    // Matched by its clip page when the moments differ.
    const byPath = clipFixture({ clip_id: start + 61_000, description: '', cheer: true, reel_id: 'reel-a' });
    expect(gameHighlightCard(byPath, start, highlights)).toMatchObject({ stars: 5 });
    const unknown = clipFixture({ clip_id: start + 30 * 60_000, description: '', cheer: true, reel_id: 'reel-z' });
    expect(gameHighlightCard(unknown, start, highlights)).toMatchObject({ stars: null });
  });
});
