import type { Shape } from '@app/contracts/film';
import { getStroke } from 'perfect-freehand';
import { SHAPE_LOOK } from '@app/contracts/film';

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


/**
 * An arrow from `from` to `to` with a stroke `strokeWidth` wide: its head, a triangle whose tip is
 * `to`, and where its shaft stops (inside the head, so the line's round cap never shows past the
 * tip). A head never outgrows the arrow; a zero-length arrow has none.
 */
export function arrowGeometry(from: Point, to: Point, strokeWidth: number): { shaftEnd: Point; head: [Point, Point, Point] | null } {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return { shaftEnd: to, head: null };
  const ux = dx / length;
  const uy = dy / length;
  const head = Math.min(length, strokeWidth * SHAPE_LOOK.arrowHeadLength);
  const half = (strokeWidth * SHAPE_LOOK.arrowHeadWidth) / 2;
  const base: Point = [to[0] - ux * head, to[1] - uy * head];
  return {
    shaftEnd: [to[0] - ux * head * 0.5, to[1] - uy * head * 0.5],
    head: [to, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]],
  };
}

/** A text shape's font size in frame units: its width sets it, as it sets a line's. */
export function textSize(strokeWidth: number): number {
  return strokeWidth * SHAPE_LOOK.textSize;
}

/**
 * A freehand stroke's outline as SVG path data: perfect-freehand smooths the points and varies the
 * width with the pressure it simulates from the stroke's speed (a shape stores points only).
 */
export function freehandPath(points: readonly Point[], strokeWidth: number): string {
  const outline = getStroke(points as Point[], { size: strokeWidth, last: true });
  if (outline.length === 0) return '';
  const round = (n: number) => Math.round(n * 100) / 100;
  return `M${outline.map(([x, y]) => `${round(x!)} ${round(y!)}`).join('L')}Z`;
}

/** Path data of the frame with the ellipse inside the box of two corners cut out (filled even-odd): a spotlight's shade. */
export function spotlightPath(a: Point, b: Point, frameHeight: number): string {
  const { x, y, width, height } = boxOf(a, b);
  const [cx, cy, rx, ry] = [x + width / 2, y + height / 2, width / 2, height / 2];
  return `M0 0H${FRAME_UNITS}V${frameHeight}H0Z` + `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
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
