import { level, type Level } from '@app/contracts/levels';
import { createContext, useContext } from 'react';

/** No provider above: the signed-in app's LevelProvider has not been mounted. */
const notProvided = Symbol('level not provided');

/**
 * The signed-in user's subscription level; `undefined` while unknown (pages show 'Loading...').
 * The main layout's LevelProvider fills it from the API; tests inject a value directly, and an
 * injected value wins (the main layout then computes none of its own).
 */
export const LevelContext = createContext<Level | undefined | typeof notProvided>(notProvided);

export function useLevel(): Level | undefined {
  const value = useContext(LevelContext);
  return value === notProvided ? undefined : value;
}

/** Whether a level (possibly still unknown) is provided above. */
export function useHasLevelProvider(): boolean {
  return useContext(LevelContext) !== notProvided;
}

/** Every level: for pages that need sign-in and a known level, whatever it is (library, live). */
export const allLevels: readonly Level[] = level.options;

/** Levels that may open the team, upload and profile sections. */
export const teamLevels: readonly Level[] = ['athlete', 'team'];
