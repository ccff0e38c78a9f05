import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKERS: '1' });
});
afterAll(() => t.close());

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const exists = (file: string) => fs.stat(file).then(() => true, () => false);

describe('job queue', () => {
  it('runs a registered job in the in-process worker: stale upload temp files are swept, fresh ones kept', async () => {
    if (t.config.storage.driver !== 'local') throw new Error('this test needs local storage');
    const tmpDir = path.join(t.config.storage.root, '.tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    const stale = path.join(tmpDir, 'interrupted-upload');
    const fresh = path.join(tmpDir, 'upload-in-progress');
    await fs.writeFile(stale, 'partial');
    await fs.writeFile(fresh, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(stale, twoHoursAgo, twoHoursAgo);

    const id = await t.runtime.jobs.send('storage-cleanup', { olderThanMinutes: 60 });
    expect(id).toBeTruthy();
    expect(await waitFor(async () => !(await exists(stale)))).toBe(true);
    expect(await exists(fresh)).toBe(true);

    const { rows } = await t.runtime.db.$client.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows[0]?.state).toBe('completed');
  });

  it('refuses a payload that does not match the job schema', async () => {
    // @ts-expect-error wrong payload type on purpose
    await expect(t.runtime.jobs.send('storage-cleanup', { olderThanMinutes: 'soon' })).rejects.toThrow(/Invalid payload for job storage-cleanup/);
  });

  it('registers the schedule for periodic jobs', async () => {
    const { rows } = await t.runtime.db.$client.query("SELECT name, cron FROM pgboss.schedule WHERE name = 'storage-cleanup'");
    expect(rows).toEqual([{ name: 'storage-cleanup', cron: '17 * * * *' }]);
  });
});
