import { DEFAULT_HOLD_SECONDS, type ShapeType } from '@app/contracts/film';

/** The tools in the toolbar's order, each named as its button reads. */
export const TOOLS: readonly { type: ShapeType; label: string }[] = [
  { type: 'arrow', label: 'Arrow' },
  { type: 'line', label: 'Line' },
  { type: 'ellipse', label: 'Ellipse' },
  { type: 'rect', label: 'Rectangle' },
  { type: 'freehand', label: 'Freehand' },
  { type: 'spotlight', label: 'Spotlight' },
  { type: 'text', label: 'Text' },
];

/** Colours that read on grass, a court and ice alike. */
export const COLORS: readonly { value: string; label: string }[] = [
  { value: '#ffd60a', label: 'Yellow' },
  { value: '#ff3b30', label: 'Red' },
  { value: '#ffffff', label: 'White' },
  { value: '#30d158', label: 'Green' },
  { value: '#0a84ff', label: 'Blue' },
];

/** Stroke widths as fractions of the frame's width (a text's size follows its width). */
export const WIDTHS: readonly { value: number; label: string }[] = [
  { value: 0.003, label: 'Thin' },
  { value: 0.006, label: 'Medium' },
  { value: 0.012, label: 'Thick' },
];
export const DEFAULT_WIDTH = 0.006;

/** How long playback may hold on a drawing (seconds; 0: it shows only when paused on its frame). */
export const HOLD_CHOICES: readonly number[] = [0, 1, 2, DEFAULT_HOLD_SECONDS, 5, 8, 10, 15, 30];
