import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlayIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';

import { ControlButton } from '@/components/player/control-button';

describe('ControlButton', () => {
  it('is named by its label, names its shortcut in the tooltip, and acts on a click', async () => {
    const onClick = vi.fn();
    render(
      <ControlButton label="Play" shortcut="Space" onClick={onClick}>
        <PlayIcon />
      </ControlButton>,
    );
    const button = screen.getByRole('button', { name: 'Play' });
    expect(button).toHaveAttribute('title', 'Play (Space)');
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('has the label alone as its tooltip without a shortcut', () => {
    render(
      <ControlButton label="Full screen" size="large" onClick={() => {}}>
        <PlayIcon />
      </ControlButton>,
    );
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('title', 'Full screen');
  });
});
