import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

type DetailStatesProps<T> = {
  query: UseQueryResult<T>;
  /** What the page shows, in lower case ("clip", "reel"): it names the not-found and failure states. */
  noun: string;
  icon: LucideIcon;
  /** Why a 404 may happen, in the viewer's words: the server answers it to whoever may not see the thing too. */
  notFound: string;
  /** A failure gets a page of its own titled so, when the caller's page needs the data for its title. */
  pageTitle?: string;
  children: (data: T) => React.ReactNode;
};

/** A page about one thing (a clip, a reel): loading, not found, failed, or the thing once loaded. */
export function DetailStates<T>({ query, noun, icon, notFound, pageTitle, children }: DetailStatesProps<T>) {
  if (query.isPending) return <PageLoading />;
  if (!query.isError) return children(query.data);
  const missing = query.error instanceof ApiError && query.error.statusCode === 404;
  const failure = missing ? (
    <EmptyState icon={icon} title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`}>
      {notFound}
    </EmptyState>
  ) : (
    <EmptyState icon={icon} title={`Could not load the ${noun}`}>
      <span role="alert">{errorMessage(query.error)}</span>
    </EmptyState>
  );
  return pageTitle ? <Page title={pageTitle}>{failure}</Page> : failure;
}
