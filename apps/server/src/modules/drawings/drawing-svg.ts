import { SHAPE_LOOK, type Shape } from '@app/contracts/film';
import type { PictureBox } from '@app/media/args/reel-holds';
import { getStroke } from 'perfect-freehand';

type Point = [number, number];

/** Pixels to two decimals, without trailing zeros: short and exact enough for any frame. */
const px = (n: number) => String(Math.round(n * 100) / 100);

/** Whether XML 1.0 can hold a code point at all (not control characters, lone surrogates, U+FFFE/U+FFFF). */
const xmlChar = (c: number) => c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;

/** Text as XML character data: the five markup characters escaped and what XML cannot hold replaced, so any text stays text and the SVG parses. */
function xmlText(text: string): string {
  return Array.from(text, (ch) => (xmlChar(ch.codePointAt(0)!) ? ch : '\uFFFD'))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function arrow([from, to]: Point[], color: string, width: number): string {
  const [dx, dy] = [to![0] - from![0], to![1] - from![1]];
  const length = Math.hypot(dx, dy);
  if (length === 0) return '';
  const [ux, uy] = [dx / length, dy / length];
  const head = Math.min(length, width * SHAPE_LOOK.arrowHeadLength);
  const half = (width * SHAPE_LOOK.arrowHeadWidth) / 2;
  const base: Point = [to![0] - ux * head, to![1] - uy * head];
  const corners = [to!, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]] as Point[];
  // The shaft stops inside the head, so its round cap never shows past the tip.
  const shaftEnd: Point = [to![0] - ux * head * 0.5, to![1] - uy * head * 0.5];
  return (
    `<line x1="${px(from![0])}" y1="${px(from![1])}" x2="${px(shaftEnd[0])}" y2="${px(shaftEnd[1])}" stroke="${color}" stroke-width="${px(width)}" stroke-linecap="round"/>` +
    `<polygon points="${corners.map(([x, y]) => `${px(x)},${px(y)}`).join(' ')}" fill="${color}"/>`
  );
}

/** An ellipse inside the box of two corners, as path data (for the spotlight's cut-out). */
function ellipsePath([a, b]: Point[]): string {
  const [cx, cy, rx, ry] = [(a![0] + b![0]) / 2, (a![1] + b![1]) / 2, Math.abs(b![0] - a![0]) / 2, Math.abs(b![1] - a![1]) / 2];
  return `M${px(cx - rx)} ${px(cy)}A${px(rx)} ${px(ry)} 0 1 0 ${px(cx + rx)} ${px(cy)}A${px(rx)} ${px(ry)} 0 1 0 ${px(cx - rx)} ${px(cy)}Z`;
}

function shapeSvg(shape: Shape, box: PictureBox): string {
  const points = shape.points.map(([x, y]): Point => [box.x + x * box.width, box.y + y * box.height]);
  const width = Math.max(1, shape.width * box.width);
  const { color } = shape;
  const stroke = `fill="none" stroke="${color}" stroke-width="${px(width)}"`;
  const [a, b] = points as [Point, Point];
  switch (shape.type) {
    case 'arrow':
      return arrow(points, color, width);
    case 'line':
      return `<line x1="${px(a[0])}" y1="${px(a[1])}" x2="${px(b[0])}" y2="${px(b[1])}" ${stroke} stroke-linecap="round"/>`;
    case 'rect':
      return `<rect x="${px(Math.min(a[0], b[0]))}" y="${px(Math.min(a[1], b[1]))}" width="${px(Math.abs(b[0] - a[0]))}" height="${px(Math.abs(b[1] - a[1]))}" ${stroke} stroke-linejoin="round"/>`;
    case 'ellipse':
      return `<ellipse cx="${px((a[0] + b[0]) / 2)}" cy="${px((a[1] + b[1]) / 2)}" rx="${px(Math.abs(b[0] - a[0]) / 2)}" ry="${px(Math.abs(b[1] - a[1]) / 2)}" ${stroke}/>`;
    case 'spotlight': {
      const frame = `M${px(box.x)} ${px(box.y)}H${px(box.x + box.width)}V${px(box.y + box.height)}H${px(box.x)}Z`;
      return `<path d="${frame}${ellipsePath(points)}" fill="#000000" fill-opacity="${SHAPE_LOOK.spotlightOpacity}" fill-rule="evenodd"/>`;
    }
    case 'freehand': {
      const outline = getStroke(points, { size: width, last: true });
      if (outline.length === 0) return '';
      return `<path d="M${outline.map(([x, y]) => `${px(x!)} ${px(y!)}`).join('L')}Z" fill="${color}"/>`;
    }
    case 'text': {
      const size = width * SHAPE_LOOK.textSize;
      // A dark outline under the fill keeps light text readable on a light field.
      return (
        `<text x="${px(a[0])}" y="${px(a[1])}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${px(size)}" dominant-baseline="hanging" ` +
        `fill="${color}" stroke="#000000" stroke-width="${px(size / 12)}" stroke-linejoin="round" paint-order="stroke">${xmlText(shape.text ?? '')}</text>`
      );
    }
  }
}

/**
 * A drawing as an SVG picture of `frame`'s size (transparent around it), its shapes in order with their
 * points (fractions of the picture) laid on `box`, where the video's picture lies in the frame (the whole
 * frame unless it is letterboxed).
 */
export function drawingSvg(shapes: readonly Shape[], frame: { width: number; height: number }, box: PictureBox = { x: 0, y: 0, ...frame }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="0 0 ${frame.width} ${frame.height}">` +
    shapes.map((s) => shapeSvg(s, box)).join('') +
    '</svg>'
  );
}
