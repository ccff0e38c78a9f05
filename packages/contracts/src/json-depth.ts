/**
 * Whether a parsed JSON value nests objects/arrays deeper than `max` levels (`{}` is one level).
 * Iterative on purpose: the values it guards against are the ones that overflow a recursive walk
 * (JSON.stringify, jose, the pg driver) with a RangeError.
 */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
