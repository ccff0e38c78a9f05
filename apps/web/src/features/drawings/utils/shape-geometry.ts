import type { Shape } from '@app/contracts/film';
import { getStroke } from 'perfect-freehand';

export type Point = [number, number];

/**
 * Shapes are drawn in frame units: the frame is FRAME_UNITS wide and FRAME_UNITS × its aspect
 * (height / width) high, so a point's fractions and a width's fraction of the frame's width map
 * without distortion whatever size the frame is shown at.
 */
export const FRAME_UNITS = 1000;

/** A point of the frame (fractions) in frame units. */
export function toUnits([x, y]: readonly [number, number], aspect: number): Point {
  return [x * FRAME_UNITS, y * FRAME_UNITS * aspect];
}

/** The box two opposite corners span, in any order (rectangles, ellipses, spotlights). */
export function boxOf(a: Point, b: Point): { x: number; y: number; width: number; height: number } {
  return { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(b[0] - a[0]), height: Math.abs(b[1] - a[1]) };
}

/** Half the angle at an arrow's tip. */
const HEAD_HALF_ANGLE = (28 * Math.PI) / 180;

/** How long an arrow's head is for a stroke width (frame units): clearly bigger than the line, even a thin one. */
export function headLength(strokeWidth: number): number {
  return strokeWidth * 4 + 8;
}

/**
 * An arrow from `from` to `to` with a stroke `strokeWidth` wide: its head, a triangle whose tip is
 * `to`, and where its shaft stops (at the head's base, so the line's round cap stays inside the
 * head and the tip stays sharp). A head never outgrows the arrow; a zero-length arrow has none.
 */
export function arrowGeometry(from: Point, to: Point, strokeWidth: number): { shaftEnd: Point; head: [Point, Point, Point] | null } {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return { shaftEnd: to, head: null };
  const ux = dx / length;
  const uy = dy / length;
  const head = Math.min(headLength(strokeWidth), length);
  const half = head * Math.tan(HEAD_HALF_ANGLE);
  const base: Point = [to[0] - ux * head, to[1] - uy * head];
  return {
    shaftEnd: base,
    head: [to, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]],
  };
}

/** A text shape's font size in frame units: its width sets it, as it sets a line's. */
export function textSize(strokeWidth: number): number {
  return Math.max(14, strokeWidth * 6);
}

/**
 * A freehand stroke's outline as an SVG path: perfect-freehand smooths the points and varies the
 * width with the pressure it simulates from the pen's speed (a shape stores points only), the
 * outline filled as the stroke.
 */
export function freehandPath(points: readonly Point[], strokeWidth: number): string {
  const outline = getStroke(points as Point[], { size: strokeWidth * 1.5, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true, last: true });
  return svgPath(outline as Point[]);
}

/** Quadratic curves through the midpoints of the outline's points (perfect-freehand's own recipe). */
function svgPath(outline: readonly Point[]): string {
  if (outline.length === 0) return '';
  const round = (n: number) => Math.round(n * 100) / 100;
  const parts = [`M${round(outline[0]![0])},${round(outline[0]![1])}`, 'Q'];
  for (let i = 0; i < outline.length; i++) {
    const [x0, y0] = outline[i]!;
    const [x1, y1] = outline[(i + 1) % outline.length]!;
    parts.push(`${round(x0)},${round(y0)} ${round((x0 + x1) / 2)},${round((y0 + y1) / 2)}`);
  }
  parts.push('Z');
  return parts.join(' ');
}

/** Whether a shape drawn is worth keeping: a stroke or a box that has size (a tap makes none, a freehand dot aside). */
export function isVisible(shape: Shape): boolean {
  if (shape.type === 'freehand') return shape.points.length > 0;
  if (shape.type === 'text') return Boolean(shape.text?.trim());
  const [a, b] = shape.points;
  if (!a || !b) return false;
  const dx = Math.abs(b[0] - a[0]);
  const dy = Math.abs(b[1] - a[1]);
  // A line needs length; a box needs both sides (fractions of the frame).
  return shape.type === 'line' || shape.type === 'arrow' ? Math.hypot(dx, dy) >= 0.005 : dx >= 0.005 && dy >= 0.005;
}
