import { QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';

/** One query client per app instance (not a module singleton, so tests get a fresh cache). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) &&
          failureCount < 1,
      },
    },
  });
}
