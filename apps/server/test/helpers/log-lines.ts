/**
 * The keys at the top level of one JSON object, in order and with repeats: `JSON.parse` keeps only
 * the last of two equal keys, and many log pipelines keep only the first, so a test that wants to see
 * a repeated key has to read the text. Expects valid JSON (check with JSON.parse first).
 */
export function topLevelKeys(json: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (ch === '"') {
      const end = closingQuote(json, i);
      if (depth === 1 && expectKey) keys.push(JSON.parse(json.slice(i, end + 1)) as string);
      expectKey = false;
      i = end;
    } else if (ch === '{' || ch === '[') {
      depth++;
      expectKey = depth === 1 && ch === '{';
    } else if (ch === '}' || ch === ']') {
      depth--;
    } else if (ch === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}

/** Keys that occur more than once at the top level of `json`. */
export function repeatedKeys(json: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of topLevelKeys(json)) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated];
}

function closingQuote(json: string, open: number): number {
  for (let i = open + 1; i < json.length; i++) {
    if (json[i] === '\\') i++;
    else if (json[i] === '"') return i;
  }
  throw new Error(`unterminated string at ${open}`);
}
