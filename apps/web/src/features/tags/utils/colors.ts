/** The sRGB channel's linear value (WCAG's relative luminance). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Black or white, whichever reads better on a button of colour `hex` ('#rrggbb'). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => linear(parseInt(value.slice(i, i + 2), 16)));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
