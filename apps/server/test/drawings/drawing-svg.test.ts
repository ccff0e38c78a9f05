import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Shape } from '@app/contracts/film';
import { drawingSvg } from '../../src/modules/drawings/drawing-svg';

const frame = { width: 400, height: 200 };
const shape = (type: Shape['type'], points: [number, number][], extra: Partial<Shape> = {}): Shape => ({ type, points, color: '#ff0000', width: 0.01, ...extra });

/** The SVG rendered by librsvg (sharp), as RGBA pixels. */
async function render(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([frame.width, frame.height]);
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
}

describe('drawingSvg', () => {
  it('lays each shape on the picture in pixels, in order', () => {
    const svg = drawingSvg(
      [
        shape('line', [[0, 0], [0.5, 1]]),
        shape('rect', [[0.75, 0.5], [0.25, 0.25]], { color: '#00ff00' }),
        shape('ellipse', [[0.1, 0.1], [0.3, 0.5]], { width: 0.005 }),
      ],
      frame,
    );
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">' +
        '<line x1="0" y1="0" x2="200" y2="200" fill="none" stroke="#ff0000" stroke-width="4" stroke-linecap="round"/>' +
        '<rect x="100" y="50" width="200" height="50" fill="none" stroke="#00ff00" stroke-width="4" stroke-linejoin="round"/>' +
        '<ellipse cx="80" cy="60" rx="40" ry="40" fill="none" stroke="#ff0000" stroke-width="2"/>' +
        '</svg>',
    );
  });

  it('maps points onto a letterboxed picture: fractions of the picture, widths of its width', () => {
    const svg = drawingSvg([shape('line', [[0, 0], [1, 1]], { width: 0.02 })], frame, { x: 100, y: 0, width: 200, height: 200 });
    expect(svg).toContain('<line x1="100" y1="0" x2="300" y2="200" fill="none" stroke="#ff0000" stroke-width="4"');
  });

  it('draws an arrow with a filled head at its end', async () => {
    const svg = drawingSvg([shape('arrow', [[0.1, 0.5], [0.9, 0.5]], { width: 0.02 })], frame);
    // Width 8 px: a head 32 px long and 40 px wide at x = 360.
    expect(svg).toContain('<polygon points="360,100 328,120 328,80" fill="#ff0000"/>');
    const at = await render(svg);
    expect(at(200, 100)).toEqual([255, 0, 0, 255]);
    expect(at(332, 112)).toEqual([255, 0, 0, 255]); // inside the head, wider than the shaft
    expect(at(200, 115)[3]).toBe(0); // beside the shaft: transparent
    expect(at(365, 100)[3]).toBe(0); // past the tip
  });

  it('darkens everything but a spotlight\'s ellipse', async () => {
    const at = await render(drawingSvg([shape('spotlight', [[0.25, 0.25], [0.75, 0.75]])], frame));
    expect(at(200, 100)[3]).toBe(0);
    expect(at(10, 10)).toEqual([0, 0, 0, 153]);
    expect(at(395, 195)).toEqual([0, 0, 0, 153]);
  });

  it('fills a freehand stroke\'s outline, a single point as a dot', async () => {
    const stroke = shape('freehand', Array.from({ length: 50 }, (_, i) => [0.1 + i * 0.016, 0.5 + 0.2 * Math.sin(i / 8)] as [number, number]), { width: 0.02 });
    const svg = drawingSvg([stroke, shape('freehand', [[0.5, 0.1]], { width: 0.02, color: '#0000ff' })], frame);
    expect(svg).toMatch(/^<svg [^>]+><path d="M[\d. L]+Z" fill="#ff0000"\/><path d="M[\d. L]+Z" fill="#0000ff"\/><\/svg>$/);
    const at = await render(svg);
    expect(at(40, 100)).toEqual([255, 0, 0, 255]);
    expect(at(200, 20)).toEqual([0, 0, 255, 255]);
  });

  it('writes text as text: markup is escaped, never injected, and what XML cannot hold is replaced', async () => {
    const text = '</text><script>alert("x")</script><text>& \'more\'\u0000\u001b\ud800';
    const svg = drawingSvg([shape('text', [[0.1, 0.2]], { text, color: '#ffffff' })], frame);
    expect(svg).not.toContain('<script');
    expect(svg.match(/<text /g)).toHaveLength(1);
    expect(svg).toContain(
      '>&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;text&gt;&amp; &apos;more&apos;\ufffd\ufffd\ufffd</text></svg>',
    );
    expect(svg).toContain('<text x="40" y="40" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" dominant-baseline="hanging" fill="#ffffff"');
    // librsvg parses it and draws the text from its top-left corner down.
    const at = await render(svg);
    let drawn = 0;
    for (let y = 40; y < 75; y++) for (let x = 40; x < 400; x++) if (at(x, y)[3]! > 0) drawn++;
    expect(drawn).toBeGreaterThan(500);
    let above = 0;
    for (let y = 0; y < 30; y++) for (let x = 0; x < 400; x++) if (at(x, y)[3]! > 0) above++;
    expect(above).toBe(0);
  });
});
