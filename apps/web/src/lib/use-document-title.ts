import { useEffect } from 'react';

import { APP_NAME } from '@/config/app';

/** Sets the tab title to "<page> · Teamfilm" while the page is mounted. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
