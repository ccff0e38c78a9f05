import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const common = {
  id: z.string().uuid(),
  to: z.string(),
  text: z.string(),
  createdAt: z.string().datetime(),
};
export const outboxMail = z.object({
  ...common,
  channel: z.literal('mail'),
  subject: z.string(),
  html: z.string(),
  template: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});
export const outboxSms = z.object({ ...common, channel: z.literal('sms') });
export const outboxEntry = z.discriminatedUnion('channel', [outboxMail, outboxSms]);

export type OutboxMail = z.infer<typeof outboxMail>;
export type OutboxSms = z.infer<typeof outboxSms>;
export type OutboxEntry = z.infer<typeof outboxEntry>;
export type NewOutboxEntry = Omit<OutboxMail, 'id' | 'createdAt'> | Omit<OutboxSms, 'id' | 'createdAt'>;

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 500;

export interface OutboxListOptions {
  limit?: number;
  /** Recipient, compared case-insensitively. */
  to?: string;
}

/** What the dev routes and tests need: read-only access to everything written to the outbox. */
export interface OutboxReader {
  /** Newest first. */
  list(options?: OutboxListOptions): Promise<OutboxEntry[]>;
  /** Undefined for unknown or malformed ids. */
  read(id: string): Promise<OutboxEntry | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// `mail-20250102T030405678Z-<uuid>.json`: the compact UTC stamp sorts by time and has no `:` (not allowed in Windows names).
const FILE_NAME = /^(mail|sms)-(\d{8}T\d{9}Z)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/;

interface FileRef {
  name: string;
  stamp: string;
  id: string;
}

function normalizeRecipient(to: string): string {
  return to.trim().toLowerCase();
}

/**
 * Mail and SMS messages kept as one JSON file each under `DATA_DIR/outbox` when nothing delivers them.
 * Files are written to a temporary name and renamed, so a reader never sees half a message.
 */
export class OutboxStore implements OutboxReader {
  // Keeps order stable when several messages are written in the same millisecond (a code SMS and its e-mail).
  private lastMs = 0;

  constructor(readonly dir: string) {}

  async add(entry: NewOutboxEntry): Promise<OutboxEntry> {
    const ms = Math.max(Date.now(), this.lastMs + 1);
    this.lastMs = ms;
    const createdAt = new Date(ms).toISOString();
    const stored = outboxEntry.parse({ ...entry, id: randomUUID(), createdAt });
    const name = `${stored.channel}-${createdAt.replace(/[-:.]/g, '')}-${stored.id}.json`;
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, name);
    const temp = path.join(this.dir, `.${name}.tmp`);
    try {
      // 0600: the messages hold working sign-in links and codes.
      await fs.writeFile(temp, `${JSON.stringify(stored, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    return stored;
  }

  async list(options: OutboxListOptions = {}): Promise<OutboxEntry[]> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? OUTBOX_DEFAULT_LIMIT), 1), OUTBOX_MAX_LIMIT);
    const to = options.to === undefined ? undefined : normalizeRecipient(options.to);
    const found: OutboxEntry[] = [];
    // Files are read newest first and only until `limit` match, so a long-lived outbox stays cheap to list.
    for (const ref of await this.files()) {
      if (found.length >= limit) break;
      const entry = await this.load(ref);
      if (entry && (to === undefined || normalizeRecipient(entry.to) === to)) found.push(entry);
    }
    return found;
  }

  async read(id: string): Promise<OutboxEntry | undefined> {
    // The id is only ever compared with names the directory listing returned, never joined into a path.
    if (!UUID.test(id)) return undefined;
    const ref = (await this.files()).find((f) => f.id === id);
    return ref ? this.load(ref) : undefined;
  }

  private async files(): Promise<FileRef[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const refs: FileRef[] = [];
    for (const name of names) {
      const match = FILE_NAME.exec(name);
      if (match?.[2] && match[3]) refs.push({ name, stamp: match[2], id: match[3] });
    }
    // Newest first across channels; the name breaks ties so the order is stable.
    return refs.sort((a, b) => (a.stamp === b.stamp ? (a.name < b.name ? 1 : -1) : a.stamp < b.stamp ? 1 : -1));
  }

  private async load(ref: FileRef): Promise<OutboxEntry | undefined> {
    try {
      const parsed = outboxEntry.safeParse(JSON.parse(await fs.readFile(path.join(this.dir, ref.name), 'utf8')));
      // A hand-edited file whose id disagrees with its name would make `read(id)` return a different message.
      return parsed.success && parsed.data.id === ref.id ? parsed.data : undefined;
    } catch {
      // Deleted between listing and reading, or not JSON: not a message.
      return undefined;
    }
  }
}
