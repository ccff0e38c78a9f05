import { errorMessage } from '@/lib/error-message';

/** A failure under a form or an action, read out by screen readers; nothing when there is none. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (error === null || error === undefined || error === '') return null;
  return (
    <p role="alert" className="text-destructive text-sm">
      {typeof error === 'string' ? error : errorMessage(error)}
    </p>
  );
}
