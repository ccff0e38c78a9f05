import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';

import { LevelProvider } from '@/app/level-provider';
import { createQueryClient } from '@/lib/query-client';
import { useHasLevelProvider } from '@/lib/subscription/level-context';

/**
 * What only the signed-in app needs: the query cache and the subscription level. Loaded with the
 * main layout, not in the entry. Providers already present above (tests) are used as they are.
 */
export function MainProviders({ children }: { children: React.ReactNode }) {
  const outerClient = useContext(QueryClientContext);
  const hasLevel = useHasLevelProvider();
  const [queryClient] = useState(() => outerClient ?? createQueryClient());
  const content = hasLevel ? children : <LevelProvider>{children}</LevelProvider>;
  return outerClient ? content : <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
}
