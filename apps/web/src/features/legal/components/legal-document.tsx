import { APP_NAME } from '@/config/app';
import { useDocumentTitle } from '@/lib/use-document-title';

type LegalDocumentProps = {
  title: string;
  /** The operator's own document (`TERMS_URL`/`PRIVACY_URL`); it replaces our placeholder text. */
  configuredUrl: string | undefined;
  children: React.ReactNode;
};

/**
 * A public, readable legal document. Our text is a placeholder an operator replaces by configuring
 * the address of their own; this page then only points there (bookmarks of /terms keep working).
 */
export function LegalDocument({ title, configuredUrl, children }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <article className="text-foreground flex flex-col gap-4 text-sm leading-relaxed [&_h2]:mt-2 [&_h2]:text-base [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-5">
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      {configuredUrl ? (
        <p>
          This site publishes its {title} at{' '}
          <a href={configuredUrl} className="font-medium underline underline-offset-4">
            {configuredUrl}
          </a>
          .
        </p>
      ) : (
        <>
          <p className="bg-muted text-muted-foreground rounded-md px-3 py-2">
            This is the standard text shipped with {APP_NAME}. The organisation running this site may publish its own,
            which then replaces this page.
          </p>
          {children}
        </>
      )}
    </article>
  );
}
