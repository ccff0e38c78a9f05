import type { PublicConfig } from '@app/contracts/config';
import { createContext, useContext } from 'react';

/** Filled by the app provider once `/api/config` has loaded; nothing below it renders before that. */
export const ConfigContext = createContext<PublicConfig | undefined>(undefined);

export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used below the app provider (config not loaded)');
  return config;
}
