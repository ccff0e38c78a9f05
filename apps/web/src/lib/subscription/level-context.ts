import { level, type Level } from '@app/contracts/levels';
import { createContext, useContext } from 'react';

/**
 * The signed-in user's subscription level; `undefined` while unknown (pages show 'Loading...').
 * The app's LevelProvider fills it from the API; tests inject a value directly.
 */
export const LevelContext = createContext<Level | undefined>(undefined);

export function useLevel(): Level | undefined {
  return useContext(LevelContext);
}

/** Every level: for pages that need sign-in and a known level, whatever it is (library, live). */
export const allLevels: readonly Level[] = level.options;
