import { MoonIcon, SunIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';

/** The theme menu's trigger (shadcn's sun/moon icon button); also stands in while the menu code loads. */
export function ModeToggleButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="relative rounded-full" {...props}>
      <SunIcon className="size-[1.2rem] scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
      <MoonIcon className="absolute size-[1.2rem] scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
      <span className="sr-only">Toggle theme</span>
    </Button>
  );
}
