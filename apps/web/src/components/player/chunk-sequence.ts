/**
 * What the chunk player plays of each chunk: the file (its URL without the fragment) and the range
 * in it. A `#t=start,end` media fragment (W3C Media Fragments, as the server writes it for a part of
 * a file) is read here instead of being left to the browser, which stops late and only once.
 */
export type ChunkPlan = {
  id: string;
  url: string;
  /** Seconds into the file where the chunk starts. */
  start: number;
  /** Seconds into the file where it ends; null: at the end of the file. */
  end: number | null;
  description: string;
  poster: string | null;
};

/** `12.5`, `npt:12.5`, `1:02.5` or `0:01:02.5` in seconds; NaN for anything else. */
function fragmentSeconds(text: string): number {
  const value = text.replace(/^npt:/, '');
  if (value === '') return Number.NaN;
  if (!/^\d+(:\d+){0,2}(\.\d+)?$/.test(value)) return Number.NaN;
  return value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The file URL and its `#t=` range; a source without a (valid) range plays whole. */
export function parseChunkSource(source: string): { url: string; start: number; end: number | null } {
  const hash = source.indexOf('#');
  if (hash < 0) return { url: source, start: 0, end: null };
  const url = source.slice(0, hash);
  const time = new URLSearchParams(source.slice(hash + 1)).get('t');
  if (time === null) return { url, start: 0, end: null };
  const [from = '', to] = time.split(',');
  const start = from === '' ? 0 : fragmentSeconds(from);
  const end = to === undefined || to === '' ? null : fragmentSeconds(to);
  if (Number.isNaN(start) || (end !== null && (Number.isNaN(end) || end <= start))) return { url, start: 0, end: null };
  return { url, start, end };
}

export function chunkPlans(chunks: readonly { id: string; source: string; description: string; poster?: string | null }[]): ChunkPlan[] {
  return chunks.map((chunk) => ({ id: chunk.id, description: chunk.description, poster: chunk.poster ?? null, ...parseChunkSource(chunk.source) }));
}

/**
 * Spec section 4: the chunk player starts at the earliest chunk (the reel's first), plays the next
 * at each end and returns to the earliest after the latest.
 */
export const FIRST_CHUNK = 0;

export function nextChunk(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

export function previousChunk(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}
