import { HomeIcon, TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

function describe(error: unknown): { status?: number; detail: string } {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, detail: error.statusText || `Error ${error.status}` };
  }
  if (error instanceof Error) return { detail: error.message };
  if (typeof error === 'string') return { detail: error };
  return { detail: 'Unknown error' };
}

/** The error page (docs/product.md#navigation): the fixed sentence, then the status text or the error's message. */
export function ErrorPage() {
  const { status, detail } = describe(useRouteError());
  useDocumentTitle(detail);

  return (
    <div className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-6 px-4 py-12 text-center">
      <div className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">
        <TriangleAlertIcon aria-hidden="true" className="size-6" />
      </div>
      <div className="flex max-w-md flex-col items-center gap-3">
        {/* The fixed sentence as one text node, so it reads (and matches) exactly. */}
        <h1 className="text-xl font-semibold tracking-tight text-balance">
          Oops! Sorry, an unexpected error has occurred.
        </h1>
        <p className="flex items-center gap-2 text-sm">
          {status ? (
            <span className="bg-muted rounded-md px-1.5 py-0.5 font-mono text-xs">{status}</span>
          ) : null}
          <i>{detail}</i>
        </p>
      </div>
      <Button asChild variant="outline">
        <Link to="/">
          <HomeIcon aria-hidden="true" />
          Go to home
        </Link>
      </Button>
    </div>
  );
}
