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
 * The chunk player starts at the earliest chunk (the reel's first), plays the next
 * at each end and returns to the earliest after the latest.
 */
export const FIRST_CHUNK = 0;

export function nextChunk(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

export function previousChunk(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}

/**
 * How long a chunk plays: its range, or for a whole file the file's duration once its metadata
 * loaded, else `hint` (the reel's out - in), else 0.
 */
export function chunkLength(plan: Pick<ChunkPlan, 'start' | 'end'>, fileDuration: number | undefined, hint?: number): number {
  if (plan.end !== null) return plan.end - plan.start;
  if (fileDuration !== undefined && Number.isFinite(fileDuration) && fileDuration > plan.start) return fileDuration - plan.start;
  return hint !== undefined && hint > 0 ? hint : 0;
}

/** The reel as one timeline: where each chunk starts on it, and its whole length. */
export function reelTimeline(lengths: readonly number[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const length of lengths) {
    starts.push(total);
    total += length;
  }
  return { starts, total };
}

/** The chunk at `t` on the reel's timeline and the offset into it (the end of the reel is the last chunk's end). */
export function chunkAt(starts: readonly number[], lengths: readonly number[], t: number): { index: number; offset: number } {
  let index = 0;
  while (index < starts.length - 1 && t >= starts[index + 1]!) index += 1;
  const offset = Math.min(Math.max(0, t - (starts[index] ?? 0)), lengths[index] ?? 0);
  return { index, offset };
}
