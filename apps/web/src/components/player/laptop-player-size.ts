/**
 * On a laptop a 16:9 player may be as wide as its column but no taller than the window leaves under
 * the header, the page title and the player's own controls (about 14rem), so it is never cut off.
 */
export const laptopPlayerSize = 'lg:max-w-[calc((100svh-14rem)*16/9)]';
