import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../src/modules/mail/outbox-mailer';
import { OutboxStore } from '../../src/modules/mail/outbox-store';
import { tempDir } from './mail-test-helpers';

const mail = (to: string, subject: string) => ({ channel: 'mail' as const, to, subject, text: `${subject} text`, html: `<p>${subject}</p>`, template: 'password-reset' });

describe('OutboxStore', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let outboxDir: string;
  let store: OutboxStore;

  beforeEach(async () => {
    tmp = await tempDir();
    outboxDir = path.join(tmp.dir, 'outbox');
    store = new OutboxStore(outboxDir);
  });
  afterEach(() => tmp.remove());

  it('lists nothing before the directory exists', async () => {
    expect(await store.list()).toEqual([]);
    expect(await store.read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('writes one private JSON file per message with a sortable, file-name-safe name', async () => {
    const stored = await store.add(mail('a@example.com', 'Hello'));
    const names = await fs.readdir(outboxDir);
    expect(names).toEqual([`mail-${stored.createdAt.replace(/[-:.]/g, '')}-${stored.id}.json`]);
    expect(names[0]).toMatch(/^mail-\d{8}T\d{9}Z-[0-9a-f-]{36}\.json$/);
    const file = path.join(outboxDir, names[0]!);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({
      id: stored.id,
      channel: 'mail',
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Hello text',
      html: '<p>Hello</p>',
      template: 'password-reset',
      createdAt: stored.createdAt,
    });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('lists mail and sms together, newest first, even within one millisecond', async () => {
    const first = await store.add(mail('a@example.com', 'one'));
    const second = await store.add({ channel: 'sms', to: '+15550001111', text: 'code 123456' });
    const third = await store.add(mail('b@example.com', 'three'));
    const listed = await store.list();
    expect(listed.map((e) => e.id)).toEqual([third.id, second.id, first.id]);
    expect(listed[1]).toMatchObject({ channel: 'sms', to: '+15550001111', text: 'code 123456' });
    expect(await fs.readdir(outboxDir)).toContain(`sms-${second.createdAt.replace(/[-:.]/g, '')}-${second.id}.json`);
  });

  it('filters by recipient case-insensitively and honours the limit', async () => {
    for (const to of ['coach@example.com', 'fan@example.com', 'Coach@Example.com', 'coach@example.com']) {
      await store.add(mail(to, `to ${to}`));
    }
    const coach = await store.list({ to: ' COACH@example.com ' });
    expect(coach).toHaveLength(3);
    expect(coach.every((e) => e.to.toLowerCase() === 'coach@example.com')).toBe(true);
    expect(await store.list({ to: 'coach@example.com', limit: 1 })).toEqual([coach[0]]);
    expect(await store.list({ to: 'nobody@example.com' })).toEqual([]);
    expect(await store.list({ limit: 2 })).toHaveLength(2);
  });

  it('keeps every message when many are written at once and leaves no temporary files', async () => {
    const written = await Promise.all(Array.from({ length: 25 }, (_, i) => store.add(mail(`u${i}@example.com`, `m${i}`))));
    const listed = await store.list({ limit: 100 });
    expect(new Set(listed.map((e) => e.id))).toEqual(new Set(written.map((e) => e.id)));
    expect((await fs.readdir(outboxDir)).filter((n) => !n.endsWith('.json') || n.startsWith('.'))).toEqual([]);
  });

  it('reads a message by id', async () => {
    const stored = await store.add(mail('a@example.com', 'Hello'));
    expect(await store.read(stored.id)).toEqual(stored);
  });

  it('never reads outside the outbox, whatever the id', async () => {
    const stored = await store.add(mail('a@example.com', 'Hello'));
    const name = (await fs.readdir(outboxDir))[0]!;
    // A well-formed message file one level up must stay unreachable.
    await fs.copyFile(path.join(outboxDir, name), path.join(tmp.dir, name));
    const hostile = [
      '',
      '..',
      `../${name}`,
      `../${stored.id}`,
      `${stored.id}/../../${name}`,
      `..%2f${stored.id}`,
      name,
      stored.id.toUpperCase(),
      ` ${stored.id}`,
      `${stored.id}\0`,
      '/etc/passwd',
      'mail-*',
    ];
    for (const id of hostile) expect(await store.read(id), id).toBeUndefined();
  });

  it('skips files that are not messages', async () => {
    const good = await store.add(mail('a@example.com', 'good'));
    const id = '11111111-1111-4111-8111-111111111111';
    await fs.writeFile(path.join(outboxDir, `mail-20990101T000000000Z-${id}.json`), '{not json');
    // Valid JSON whose id disagrees with its file name.
    const other = '22222222-2222-4222-8222-222222222222';
    await fs.writeFile(path.join(outboxDir, `mail-20990101T000000001Z-${other}.json`), JSON.stringify({ ...good, id }));
    await fs.writeFile(path.join(outboxDir, 'notes.txt'), 'hello');
    expect((await store.list()).map((e) => e.id)).toEqual([good.id]);
    expect(await store.read(id)).toBeUndefined();
    expect(await store.read(other)).toBeUndefined();
  });

  it('backs the outbox mailer, whose message id is the stored id', async () => {
    const mailer = createOutboxMailer(store);
    expect(mailer.transport).toBe('outbox');
    const sent = await mailer.send({ to: 'a@example.com', subject: 'S', text: 'T', html: '<b>H</b>', template: 'magic-link' });
    expect(await store.read(sent.messageId)).toMatchObject({ channel: 'mail', subject: 'S', text: 'T', html: '<b>H</b>', template: 'magic-link' });
  });
});
