import { describe, expect, it } from 'vitest';

import { storyboardTile, type Storyboard } from '@/components/player/storyboard';

// 23 tiles of 160x90, 10 a row: 3 rows, the last one partly empty.
const board: Storyboard = { url: '/s/board.jpg', intervalSec: 2, columns: 10, rows: 3, tileWidth: 160, tileHeight: 90, count: 23 };

describe('storyboardTile', () => {
  it('is tile floor(t / interval), left to right then top to bottom', () => {
    expect(storyboardTile(board, 0).index).toBe(0);
    expect(storyboardTile(board, 1.99).index).toBe(0);
    expect(storyboardTile(board, 2).index).toBe(1);
    const t = storyboardTile(board, 25); // tile 12: row 1, column 2
    expect(t.index).toBe(12);
    expect(t.backgroundPosition).toBe('-320px -90px');
    expect(t.backgroundSize).toBe('1600px 270px');
    expect(t.width).toBe(160);
    expect(t.height).toBe(90);
    expect(t.backgroundImage).toBe('url("/s/board.jpg")');
  });

  it('clamps to the first and last tile', () => {
    expect(storyboardTile(board, -3).index).toBe(0);
    expect(storyboardTile(board, 9999).index).toBe(22);
    expect(storyboardTile(board, 9999).backgroundPosition).toBe('-320px -180px');
    expect(storyboardTile(board, Number.NaN).index).toBe(0);
  });

  it('scales sheet and offsets together for a smaller preview', () => {
    const t = storyboardTile(board, 25, 80);
    expect(t.width).toBe(80);
    expect(t.height).toBe(45);
    expect(t.backgroundSize).toBe('800px 135px');
    expect(t.backgroundPosition).toBe('-160px -45px');
  });
});
