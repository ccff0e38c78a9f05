import { MailCheckIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';

/** 'Check your email' after a link was requested, with a way back to the form for another address. */
export function EmailSentNotice({ children, onUseAnotherEmail }: { children: React.ReactNode; onUseAnotherEmail: () => void }) {
  return (
    <div role="status" className="bg-muted/50 flex flex-col items-center gap-3 rounded-lg border px-4 py-5 text-center">
      <div className="bg-background flex size-10 items-center justify-center rounded-full border">
        <MailCheckIcon aria-hidden="true" className="size-5" />
      </div>
      <div className="grid gap-1">
        <h2 className="font-semibold">Check your email</h2>
        <p className="text-muted-foreground text-sm text-balance">{children}</p>
      </div>
      <Button variant="link" size="sm" onClick={onUseAnotherEmail}>
        Use a different email
      </Button>
    </div>
  );
}
