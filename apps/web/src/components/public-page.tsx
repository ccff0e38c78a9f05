import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

type PublicPageProps = {
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** Secondary links under the card body (e.g. "Forgot your password?"). */
  footer?: React.ReactNode;
};

/** A visitor page (sign-in, registration): one centered card. */
export function PublicPage({ title, description, children, footer }: PublicPageProps) {
  useDocumentTitle(title);
  return (
    <Card className="gap-5">
      <CardHeader className="gap-2">
        <h1 data-slot="card-title" className="text-xl leading-tight font-semibold tracking-tight">
          {title}
        </h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="flex flex-col gap-4">{children}</CardContent> : null}
      {footer ? (
        <CardFooter className="text-muted-foreground flex-col gap-2 border-t text-sm [&_a]:text-foreground [&_a]:font-medium [&_a]:underline-offset-4 [&_a:hover]:underline">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  );
}
