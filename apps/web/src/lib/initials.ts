type Person = { firstname?: string | null; lastname?: string | null; name?: string | null; username: string };

const firstLetter = (word: string | null | undefined) => Array.from(word?.trim() ?? '')[0] ?? '';

/**
 * The letters of an avatar without a picture: first and last name initials where known (the names,
 * else the first and last word of the full name), else the first two letters of the username.
 */
export function initialsOf({ firstname, lastname, name, username }: Person): string {
  const first = firstLetter(firstname);
  const last = firstLetter(lastname);
  if (first && last) return (first + last).toUpperCase();
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length >= 2) return (firstLetter(words[0]) + firstLetter(words[words.length - 1])).toUpperCase();
  const single = first || last || firstLetter(words[0]);
  if (single) return single.toUpperCase();
  return Array.from(username).slice(0, 2).join('').toUpperCase();
}
