import { lazy, Suspense, useState } from 'react';

import { ModeToggleButton } from '@/components/mode-toggle-button';

const loadThemeMenu = () => import('@/components/theme-menu');
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

/**
 * The header's theme menu (Light, Dark, System). The Radix menu stack is ~20 KB gzip, more than a
 * tenth of the sign-in page's budget, for a control most visits never touch: so the button renders
 * at once, the menu code is fetched on intent (hover, focus, touch) and the first click opens it.
 */
export function ModeToggle() {
  const [activated, setActivated] = useState(false);

  if (!activated) {
    return (
      <ModeToggleButton
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => void loadThemeMenu()}
        onFocus={() => void loadThemeMenu()}
        onTouchStart={() => void loadThemeMenu()}
        onClick={() => setActivated(true)}
        onKeyDown={(event) => {
          // Radix menus also open with ArrowDown; keep that behaviour before the menu has loaded.
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActivated(true);
          }
        }}
      />
    );
  }

  return (
    <Suspense fallback={<ModeToggleButton aria-haspopup="menu" aria-busy="true" />}>
      <ThemeMenu defaultOpen />
    </Suspense>
  );
}
