import { createContext } from 'react';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

/** shadcn's key; public/theme-init.js reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';

export type ThemeContextValue = {
  /** What the user chose. */
  theme: Theme;
  /** What is on screen: `system` resolved against the OS setting. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
};

export const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}
