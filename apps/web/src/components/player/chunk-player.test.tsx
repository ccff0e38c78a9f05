import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { ChunkPlayer } from '@/components/player/chunk-player';
import { installVideoFrames, present } from '@/test/video-frames';

beforeEach(installVideoFrames);

const fire = (video: HTMLVideoElement, type: string) => act(() => void video.dispatchEvent(new Event(type)));

/** Both elements loaded and at their in-points, the reel playing. */
async function playingReel(chunks: { id: string; source: string; description: string }[]) {
  render(<ChunkPlayer chunks={chunks} label="Best defence" />);
  const player = screen.getByRole('region', { name: 'Reel player: Best defence' });
  const [first, second] = Array.from(player.querySelectorAll('video'));
  for (const video of [first!, second!]) {
    fire(video, 'loadedmetadata');
    fire(video, 'seeked');
  }
  const user = userEvent.setup();
  await user.click(within(player).getByRole('button', { name: 'Play reel' }));
  return { player, first: first!, second: second!, user };
}

const twoChunks = [
  { id: 'k1', source: '/storage/a.mp4?sig=1#t=0,5', description: 'Block' },
  { id: 'k2', source: '/storage/b.mp4?sig=2#t=10,14', description: 'Steal' },
];

describe('ChunkPlayer switching', () => {
  it('starts the next chunk hidden and muted just before the out-point, and shows it with its first frame', async () => {
    const { player, first, second, user } = await playingReel(twoChunks);
    await user.click(within(player).getByRole('button', { name: 'Unmute' }));
    expect(first.muted).toBe(false);
    expect(second.muted).toBe(true);
    expect(first.paused).toBe(false);

    present(first, 4);
    expect(second.paused).toBe(true);
    // 0.1 s before the 5 s out-point (the lead before any start was measured).
    present(first, 4.9);
    expect(second.paused).toBe(false);
    expect(second.muted).toBe(true);
    expect(second).toHaveAttribute('data-active', 'false');
    expect(player).toHaveAttribute('data-chunk', '0');

    present(second, 10.033);
    expect(second).toHaveAttribute('data-active', 'true');
    expect(first).toHaveAttribute('data-active', 'false');
    expect(player).toHaveAttribute('data-chunk', '1');
    expect(within(player).getByTestId('chunk-description')).toHaveTextContent('Steal');
    // Only the shown one is heard, with the user's choice; the other stops.
    expect(second.muted).toBe(false);
    expect(first.muted).toBe(true);
    expect(first.paused).toBe(true);
  });

  it('holds the last frame when the out-point comes before the next chunk\'s first frame', async () => {
    const { player, first, second } = await playingReel(twoChunks);
    present(first, 4.9);
    expect(second.paused).toBe(false);
    present(first, 5);
    expect(first.paused).toBe(true);
    expect(first).toHaveAttribute('data-active', 'true');
    present(second, 10.033);
    expect(second).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '1');
  });

  it('stops a started chunk on pause and takes it back to its in-point', async () => {
    const { player, first, second, user } = await playingReel(twoChunks);
    present(first, 4.9);
    expect(second.paused).toBe(false);
    second.currentTime = 10.05;
    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    expect(second.paused).toBe(true);
    expect(second.currentTime).toBe(10);
    expect(first.paused).toBe(true);
    // Its first frame, presented late, does not switch.
    present(second, 10.033);
    expect(first).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '0');
  });

  it('loops a one-chunk reel through the other element, started the same way', async () => {
    const { player, first, second } = await playingReel([{ id: 'k1', source: '/storage/a.mp4?sig=1#t=2,4', description: 'Block' }]);
    expect(second.getAttribute('src')).toBe('/storage/a.mp4?sig=1');
    first.currentTime = 3.9;
    present(first, 3.9);
    expect(second.paused).toBe(false);
    present(second, 2.033);
    expect(second).toHaveAttribute('data-active', 'true');
    expect(player).toHaveAttribute('data-chunk', '0');
    expect(first.paused).toBe(true);
    // The first element played off the in-point: it is taken back there for the next round.
    expect(first.currentTime).toBe(2);
    fire(first, 'seeked');
    // The lead is now the one learnt from that start (instant here): one frame before the out-point.
    present(second, 3.9);
    expect(first.paused).toBe(true);
    present(second, 3.95);
    expect(first.paused).toBe(false);
    present(first, 2.033);
    expect(first).toHaveAttribute('data-active', 'true');
  });
});
