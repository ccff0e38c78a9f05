export const loadedLazily = 4;
