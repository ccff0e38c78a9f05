/** `value` added to the list, or taken out when it is in it (a filter's codes, an instance's labels). */
export function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
