import { SHAPE_LOOK } from '@app/contracts/film';
import type { Shape } from '@app/contracts/film';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DrawingShapes } from '@/features/drawings/components/drawing-shapes';
import { arrowGeometry, FRAME_UNITS } from '@/features/drawings/utils/shape-geometry';

const aspect = 9 / 16;
const shape = (type: Shape['type'], points: [number, number][], extra: Partial<Shape> = {}): Shape => ({ type, points, color: '#ff3b30', width: 0.006, ...extra });

function draw(...shapes: Shape[]) {
  return render(<DrawingShapes shapes={shapes} aspect={aspect} />).container.querySelector('svg')!;
}

describe('a drawing as SVG', () => {
  it('draws in frame units over the whole frame, keeping its shape', () => {
    const svg = draw(shape('line', [[0, 0], [1, 1]]));
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${FRAME_UNITS} ${FRAME_UNITS * aspect}`);
    const line = svg.querySelector('[data-shape="line"]')!;
    expect([line.getAttribute('x2'), line.getAttribute('y2')]).toEqual(['1000', '562.5']);
    expect(line.getAttribute('stroke-width')).toBe('6');
  });

  it('draws an arrow’s head at its end, its shaft stopping at the head', () => {
    const svg = draw(shape('arrow', [[0.1, 0.2], [0.6, 0.2]]));
    const from: [number, number] = [100, 0.2 * 562.5];
    const to: [number, number] = [600, 0.2 * 562.5];
    const { head, shaftEnd } = arrowGeometry(from, to, 6);
    const polygon = svg.querySelector('[data-shape="arrow"] polygon')!;
    expect(polygon.getAttribute('points')).toBe(head!.map((p) => p.join(',')).join(' '));
    expect(head![0]).toEqual(to);
    expect(polygon.getAttribute('points')!.startsWith(`${to[0]},${to[1]} `)).toBe(true);
    expect(polygon.getAttribute('fill')).toBe('#ff3b30');
    expect(svg.querySelector('[data-shape="arrow"] line')!.getAttribute('x2')).toBe(String(shaftEnd[0]));
  });

  it('darkens the frame outside a spotlight’s ellipse: the frame with the ellipse cut out, filled even-odd', () => {
    const svg = draw(shape('spotlight', [[0.2, 0.2], [0.4, 0.6]]), shape('spotlight', [[0.7, 0.1], [0.9, 0.3]]));
    const shades = Array.from(svg.querySelectorAll('[data-shape="spotlight"]'));
    expect(shades).toHaveLength(2);
    const [first] = shades;
    expect(first!.tagName).toBe('path');
    expect(first!.getAttribute('fill-rule')).toBe('evenodd');
    expect(first!.getAttribute('fill')).toBe('#000000');
    expect(Number(first!.getAttribute('fill-opacity'))).toBe(SHAPE_LOOK.spotlightOpacity);
    // The whole frame (1000 x 562.5), then the ellipse centred at (300, 225) with radii 100 and 112.5.
    expect(first!.getAttribute('d')).toBe('M0 0H1000V562.5H0ZM200 225A100 112.5 0 1 0 400 225A100 112.5 0 1 0 200 225Z');
  });

  it('shows a text as text, never as markup', () => {
    const text = '</text><script>alert(1)</script><b>x</b>';
    const svg = draw(shape('text', [[0.5, 0.5]], { text }));
    const node = svg.querySelector('[data-shape="text"]')!;
    expect(node.tagName).toBe('text');
    expect(node.textContent).toBe(text);
    expect(node.children).toHaveLength(0);
    expect(svg.querySelector('script, b')).toBeNull();
  });

  it('draws a freehand stroke as a filled outline path', () => {
    const svg = draw(shape('freehand', [[0.1, 0.1], [0.2, 0.15], [0.3, 0.1], [0.4, 0.2]]));
    const path = svg.querySelector('[data-shape="freehand"]')!;
    expect(path.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+Z$/);
    expect(path.getAttribute('fill')).toBe('#ff3b30');
  });
});
