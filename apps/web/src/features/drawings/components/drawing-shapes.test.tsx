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
    expect(polygon.getAttribute('points')!.startsWith(`${to[0]},${to[1]} `)).toBe(true);
    expect(polygon.getAttribute('fill')).toBe('#ff3b30');
    expect(svg.querySelector('[data-shape="arrow"] line')!.getAttribute('x2')).toBe(String(shaftEnd[0]));
  });

  it('darkens the frame outside every spotlight with one masked shade', () => {
    const svg = draw(shape('spotlight', [[0.2, 0.2], [0.4, 0.6]]), shape('spotlight', [[0.7, 0.1], [0.9, 0.3]]));
    const mask = svg.querySelector('mask')!;
    // The mask shows the shade everywhere (white) but inside the ellipses (black).
    const [all, ...holes] = Array.from(mask.children);
    expect(all!.tagName).toBe('rect');
    expect([all!.getAttribute('width'), all!.getAttribute('height'), all!.getAttribute('fill')]).toEqual(['1000', '562.5', 'white']);
    expect(holes.map((h) => [h.tagName, h.getAttribute('fill'), h.getAttribute('cx'), h.getAttribute('rx')])).toEqual([
      ['ellipse', 'black', '300', '100'],
      ['ellipse', 'black', '800', '100'],
    ]);
    const shades = svg.querySelectorAll('[data-spotlight-shade]');
    expect(shades).toHaveLength(1);
    expect(shades[0]!.getAttribute('mask')).toBe(`url(#${mask.id})`);
    expect(Number(shades[0]!.getAttribute('fill-opacity'))).toBeGreaterThan(0);
    expect(svg.querySelectorAll('[data-shape="spotlight"]')).toHaveLength(2);
  });

  it('gives each drawing on a page its own mask', () => {
    const spot = shape('spotlight', [[0.2, 0.2], [0.4, 0.6]]);
    const { container } = render(
      <>
        <DrawingShapes shapes={[spot]} aspect={aspect} />
        <DrawingShapes shapes={[spot]} aspect={aspect} />
      </>,
    );
    const ids = Array.from(container.querySelectorAll('mask')).map((m) => m.id);
    expect(new Set(ids).size).toBe(2);
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
    expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+ Q .+ Z$/);
    expect(path.getAttribute('fill')).toBe('#ff3b30');
  });
});
