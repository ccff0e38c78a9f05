import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LAG_SECONDS,
  DEFAULT_LEAD_SECONDS,
  STARTER_CODES,
  STARTER_SPORT,
  type CodeButton,
} from '@app/contracts/film';
import { SPORTS, toSportCode, type SportCode } from '@app/contracts/live';

/** Colours far apart from each other: the starter buttons take them in order, imported codes the first one free. */
export const PALETTE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#bfef45', '#469990', '#9a6324', '#ffe119', '#800000'];

/** A sport as a profile or a game names it: a code ('FTB', 'iho') or a name ('Soccer'), any case; null for none. */
export function sportOf(text: string | null | undefined): SportCode | null {
  if (!text?.trim()) return null;
  const name = text.trim().toLowerCase();
  return toSportCode(text) ?? (Object.keys(SPORTS) as SportCode[]).find((code) => SPORTS[code].toLowerCase() === name) ?? null;
}

/** A button with the defaults of a new one: no hotkey, no group, no labels, the default lead and lag. */
export const newButton = (name: string, color: string, hotkey: string | null = null): CodeButton => ({
  _id: randomUUID(),
  name,
  color,
  hotkey,
  group: '',
  leadSeconds: DEFAULT_LEAD_SECONDS,
  lagSeconds: DEFAULT_LAG_SECONDS,
  labels: [],
});

/** A team's first window: the starter set of its sport (Basketball's for a sport without one), hotkeys 1, 2, ... in order. */
export function starterButtons(sport: SportCode | null): CodeButton[] {
  const names = (sport && STARTER_CODES[sport]) || STARTER_CODES[STARTER_SPORT]!;
  return names.map((name, i) => newButton(name, PALETTE[i % PALETTE.length]!, i < 9 ? String(i + 1) : null));
}

/** The window's button of this name (names are unique whatever their case), or undefined. */
export const buttonNamed = (buttons: readonly CodeButton[], name: string): CodeButton | undefined => {
  const wanted = name.trim().toLowerCase();
  return buttons.find((b) => b.name.toLowerCase() === wanted);
};

/** The first palette colour no button has yet (the palette again, in order, once all are taken). */
export function freeColor(buttons: readonly CodeButton[]): string {
  const used = new Set(buttons.map((b) => b.color.toLowerCase()));
  return PALETTE.find((c) => !used.has(c)) ?? PALETTE[buttons.length % PALETTE.length]!;
}

/** '#rrggbb' as Sportscode writes a colour: each channel 0-65535. */
export function toSportscodeRgb(hex: string): { R: number; G: number; B: number } {
  const channel = (i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) * 257;
  return { R: channel(0), G: channel(1), B: channel(2) };
}

/** Sportscode's channels (0-65535 each) as '#rrggbb'; null unless all three are numbers in range. */
export function fromSportscodeRgb(r: unknown, g: unknown, b: unknown): string | null {
  const channels = [r, g, b].map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN));
  if (channels.some((v) => !Number.isFinite(v) || v < 0 || v > 65535)) return null;
  return `#${channels.map((v) => Math.round(v / 257).toString(16).padStart(2, '0')).join('')}`;
}
