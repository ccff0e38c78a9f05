import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { RangeSlider } from '@/components/range-slider';

describe('RangeSlider', () => {
  it('throws when its minimum is not below its maximum', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<RangeSlider label="Chunk" min={5} max={5} minValue={5} maxValue={5} onChange={() => undefined} />)).toThrow(
      'Range slider: min (5) must be below max (5)',
    );
  });

  it('keeps the in thumb below the out thumb', async () => {
    const onChange = vi.fn();
    render(<RangeSlider label="Chunk" min={0} max={10} minValue={4} maxValue={4.2} onChange={onChange} step={0.1} />);
    screen.getByRole('slider', { name: 'Chunk in' }).focus();
    await userEvent.setup().keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    // One step apart at least: the in point cannot reach the out point.
    for (const [range] of onChange.mock.calls) expect(range.minValue).toBeLessThan(range.maxValue);
  });
});
