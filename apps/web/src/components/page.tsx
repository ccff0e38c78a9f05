import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

type PageProps = {
  title: string;
  description?: React.ReactNode;
  /** Buttons or links shown beside the title. */
  actions?: React.ReactNode;
  children?: React.ReactNode;
  /**
   * `reading` (forms, settings, lists of text) keeps a comfortable line length on a laptop; `wide`
   * (card grids, players) takes the width the layout gives it. Phones show both the same.
   */
  width?: 'reading' | 'wide';
};

/** A page of the signed-in app: its h1, optional lead and actions, and the tab title. */
export function Page({ title, description, actions, children, width = 'reading' }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={cn('flex w-full flex-1 flex-col gap-6', width === 'reading' && 'mx-auto max-w-3xl')}>
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
