import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { PlayerAction } from '@/components/player/shortcuts';
import { usePlayerShortcuts } from '@/components/player/use-player-shortcuts';

function Controls({ onAction, onNextFrame }: { onAction: (action: PlayerAction) => void; onNextFrame: () => void }) {
  usePlayerShortcuts(onAction);
  return (
    <>
      <button type="button" onClick={onNextFrame}>
        Next frame
      </button>
      <input aria-label="Title" />
    </>
  );
}

function renderControls() {
  const onAction = vi.fn<(action: PlayerAction) => void>();
  const onNextFrame = vi.fn();
  render(<Controls onAction={onAction} onNextFrame={onNextFrame} />);
  return { onAction, onNextFrame, user: userEvent.setup() };
}

describe('usePlayerShortcuts', () => {
  it('plays on Space after Next frame was clicked, instead of the focused button stepping again', async () => {
    const { onAction, onNextFrame, user } = renderControls();
    await user.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(onNextFrame).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Next frame' })).toHaveFocus();

    await user.keyboard(' ');
    expect(onAction.mock.calls).toEqual([['toggle-play']]);
    expect(onNextFrame).toHaveBeenCalledTimes(1);
  });

  it('cancels the browser default of the keys it takes, and leaves a text field its keys', async () => {
    const { onAction, user } = renderControls();
    await user.click(screen.getByRole('button', { name: 'Next frame' }));
    const seen: boolean[] = [];
    const record = (event: KeyboardEvent) => seen.push(event.defaultPrevented);
    window.addEventListener('keyup', record);
    await user.keyboard(' ');
    window.removeEventListener('keyup', record);
    expect(seen).toEqual([true]);

    await user.type(screen.getByLabelText('Title'), 'a b.');
    expect(screen.getByLabelText('Title')).toHaveValue('a b.');
    expect(onAction.mock.calls).toEqual([['toggle-play']]);
  });
});
