import http from 'node:http';
import { TAG_IMPORT_MAX_BYTES, TAG_IMPORT_MAX_INSTANCES, type CodeWindow, type TagImportResult } from '@app/contracts/film';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/modules/tags/code-window';
import { IMPORT_TOO_LARGE } from '../../src/modules/tags/tags.routes';
import { VIDEO_NOT_FOUND } from '../../src/modules/videos/videos.service';
import { queryCounter } from '../helpers/query-count';
import { listen } from '../updates/updates-helpers';
import {
  call,
  expectError,
  instance,
  MiB,
  press,
  setButtons,
  tagsOf,
  tagsTeam,
  video,
  videosApp,
  videoTags,
  type Person,
  type TagsTeam,
  type TeamsApp,
} from './helpers';

let t: TeamsApp;
let team: TagsTeam;
/** The owner's video 'Derby' with three tags of known labels. */
let derby: string;

beforeAll(async () => {
  t = await videosApp();
  team = await tagsTeam(t, 'tf');
  await setButtons(t, team.owner);
  derby = await video(t, team.owner, { title: 'Derby' });
  await press(t, team.ann, videoTags(derby), { code: 'Goal', at: 30, labels: ['Left', 'tfbob', 'say "hi", <ok> & go'] });
  await press(t, team.bob, videoTags(derby), { code: 'Shot', at: 10, labels: ['two\nlines'] });
  await press(t, team.owner, videoTags(derby), { code: 'Point', at: 45.125 });
});
afterAll(() => t?.close());

const exported = (who: Person, key: string, format?: string) => call(t, 'GET', `/api/user/videos/${key}/tags/export${format ? `?format=${format}` : ''}`, who.headers);
const upload = (who: Person, key: string, contentType: string, payload: string | Buffer) =>
  t.app.inject({ method: 'POST', url: `/api/user/videos/${key}/tags/import`, headers: { ...who.headers, 'content-type': contentType }, payload });
async function imported(who: Person, key: string, contentType: string, payload: string): Promise<TagImportResult> {
  const res = await upload(who, key, contentType, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TagImportResult;
}
const windowOf = async (who: Person) => (await call(t, 'GET', '/api/team/codes', who.headers)).json() as CodeWindow;
const tagCount = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM film_tags`))[0]!.n;

const readXml = (text: string) =>
  new XMLParser({ parseTagValue: false, isArray: (_name, jPath) => ['file.ALL_INSTANCES.instance', 'file.ALL_INSTANCES.instance.label', 'file.ROWS.row'].includes(jPath as string) }).parse(text) as {
    file: { ALL_INSTANCES: { instance: Record<string, unknown>[] }; ROWS: { row: Record<string, unknown>[] } };
  };

describe('GET /api/user/videos/{key}/tags/export', () => {
  it('writes Sportscode XML: instances in start order, each label with its group, a row per code with its colour in 0-65535', async () => {
    const res = await exported(team.bob, derby);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Derby.xml"');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('say &quot;hi&quot;, &lt;ok&gt; &amp; go');
    const { file } = readXml(res.body);
    expect(file.ALL_INSTANCES.instance).toEqual([
      { ID: '1', start: '8', end: '13', code: 'Shot', label: [{ group: '', text: 'two\nlines' }] },
      {
        ID: '2',
        start: '25',
        end: '35',
        code: 'Goal',
        label: [
          { group: 'Side', text: 'Left' },
          { group: 'Player', text: 'tfbob' },
          { group: '', text: 'say "hi", <ok> & go' },
        ],
      },
      { ID: '3', start: '45.125', end: '45.125', code: 'Point', label: undefined },
    ]);
    expect(file.ROWS.row).toEqual([
      { code: 'Shot', R: '0', G: '65535', B: '0' },
      { code: 'Goal', R: '65535', G: '0', B: '0' },
      { code: 'Point', R: '0', G: '0', B: '65535' },
    ]);
  });

  it('writes CSV code,start,end,labels (labels joined with ;) quoted as RFC 4180 says', async () => {
    const res = await exported(team.ann, derby, 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Derby.csv"');
    expect(res.body).toBe('code,start,end,labels\r\nShot,8,13,"two\nlines"\r\nGoal,25,35,"Left;tfbob;say ""hi"", <ok> & go"\r\nPoint,45.125,45.125,\r\n');
  });

  it('names the file after the title (any script; a path or control character is not kept), else Video', async () => {
    const named = await video(t, team.owner, { title: 'Café/Finale\u0007 2' });
    expect((await exported(team.owner, named, 'csv')).headers['content-disposition']).toBe(`attachment; filename="Cafe Finale 2.csv"; filename*=UTF-8''Caf%C3%A9%20Finale%202.csv`);
    const [row] = await t.sql<{ id: string }>(`INSERT INTO videos (tenant_id, owner_user_id, status, source_key, duration_sec) SELECT 'demo', id, 'ready', 'x', 10 FROM users WHERE username = 'tfcoach' RETURNING id`);
    expect((await exported(team.owner, row!.id)).headers['content-disposition']).toBe('attachment; filename="Video.xml"');
  });

  it('is the team\'s (404 for anyone else); 400 naming format for another', async () => {
    for (const who of [team.fan, team.rival, team.eagle]) expectError(await exported(who, derby), 404, VIDEO_NOT_FOUND);
    expectError(await exported(team.ann, derby, 'pdf'), 400, /^querystring\.format: /);
  });
});

describe('POST /api/user/videos/{key}/tags/import', () => {
  it('round trip: the XML and the CSV export imported to another video give the same instances, the importer\'s', async () => {
    const original = (await tagsOf(t, team.ann, videoTags(derby))).map(instance);
    for (const format of ['xml', 'csv'] as const) {
      const file = (await exported(team.ann, derby, format)).body;
      const copy = await video(t, team.owner);
      expect(await imported(team.bob, copy, format === 'xml' ? 'application/xml' : 'text/csv; charset=utf-8', file)).toEqual({ imported: 3, newCodes: [] });
      const tags = await tagsOf(t, team.ann, videoTags(copy));
      expect(tags.map(instance), format).toEqual(original);
      expect(new Set(tags.map((tag) => tag.by))).toEqual(new Set(['tfbob']));
    }
  });

  it('reads a Sportscode file: labels, groups, entities; codes it does not know become buttons (ROWS colour, else a free one)', async () => {
    const file = `<?xml version="1.0" encoding="utf-8"?>
<file>
  <SESSION_INFO><start_time>2027-03-01 18:00:00</start_time></SESSION_INFO>
  <ALL_INSTANCES>
    <instance>
      <ID>1</ID><start>3.2</start><end>9.84</end><code>Pick and roll</code>
      <label><group>Outcome</group><text>Score</text></label>
      <label><group>Player</group><text>tfann</text></label>
    </instance>
    <instance><ID>2</ID><start>12</start><end>20</end><code>goal</code><label><text> Left </text></label><label><text>Left</text></label></instance>
    <instance><ID>3</ID><start>30</start><end>31.5</end><code>Zone &amp; press</code><label><group>Note</group><text>caf&#233;</text></label></instance>
  </ALL_INSTANCES>
  <ROWS>
    <row><code>Pick and roll</code><R>0</R><G>32896</G><B>65535</B></row>
    <row><code>Goal</code><R>1</R><G>2</G><B>3</B></row>
  </ROWS>
</file>`;
    const key = await video(t, team.owner);
    expect(await imported(team.ann, key, 'text/xml', file)).toEqual({ imported: 3, newCodes: ['Pick and roll', 'Zone & press'] });
    expect((await tagsOf(t, team.bob, videoTags(key))).map(instance)).toEqual([
      { code: 'Pick and roll', start: 3.2, end: 9.84, labels: ['Score', 'tfann'] },
      { code: 'Goal', start: 12, end: 20, labels: ['Left'] },
      { code: 'Zone & press', start: 30, end: 31.5, labels: ['café'] },
    ]);
    const buttons = (await windowOf(team.owner)).buttons;
    expect(buttons.map((b) => b.name)).toEqual(['Goal', 'Shot', 'Point', 'Pick and roll', 'Zone & press']);
    // A known code keeps its own colour; the new ones have no hotkey and the defaults.
    expect(buttons[0]!.color).toBe('#ff0000');
    expect(buttons[3]).toMatchObject({ color: '#0080ff', hotkey: null, group: '', leadSeconds: 5, lagSeconds: 5, labels: [] });
    expect(buttons[4]).toMatchObject({ color: PALETTE[0], hotkey: null });
    await setButtons(t, team.owner);
  });

  it('refuses the whole file, naming the instance: nothing is imported, no code is added', async () => {
    const key = await video(t, team.owner);
    const before = await tagCount();
    const xml = (instances: string) => `<file><ALL_INSTANCES>${instances}</ALL_INSTANCES></file>`;
    const good = '<instance><ID>1</ID><start>1</start><end>2</end><code>Brand new</code></instance>';
    const refused = async (body: string, message: string | RegExp) => expectError(await upload(team.ann, key, 'application/xml', body), 400, message);
    await refused(xml(`${good}<instance><ID>42</ID><start>9</start><end>4</end><code>Goal</code></instance>`), 'instance 2 (ID 42): end is before start');
    await refused(xml('<instance><ID>7</ID><start>50</start><end>60.5</end><code>Goal</code></instance>'), 'instance 1 (ID 7): end is after the end of the video (60 s)');
    await refused(xml('<instance><ID>7</ID><start>-1</start><end>6</end><code>Goal</code></instance>'), 'instance 1 (ID 7): start is before the beginning of the video');
    await refused(xml('<instance><ID>7</ID><start>one</start><end>6</end><code>Goal</code></instance>'), 'instance 1 (ID 7): start is not a number');
    await refused(xml('<instance><ID>7</ID><start>1</start><code>Goal</code></instance>'), 'instance 1 (ID 7): end is missing');
    await refused(xml('<instance><ID>7</ID><start>1</start><end>2</end><code> </code></instance>'), 'instance 1 (ID 7): code is missing');
    await refused(xml(`<instance><start>1</start><end>2</end><code>${'x'.repeat(61)}</code></instance>`), 'instance 1: code has more than 60 characters');
    await refused(xml(`<instance><start>1</start><end>2</end><code>Goal</code><label><text>${'x'.repeat(61)}</text></label></instance>`), 'instance 1: a label has more than 60 characters');
    await refused(xml(''), 'The file holds no instances.');
    await refused('<results><row/></results>', 'The file is not Sportscode XML: it has no <file><ALL_INSTANCES>.');
    await refused('<file><ALL_INSTANCES><instance></ALL_INSTANCES></file>', /^The file is not valid XML: Expected closing tag 'instance'.* \(line 1\)\.$/);
    await refused('not xml at all', /^The file is not valid XML: /);
    const many = Array.from({ length: 98 }, (_, i) => `<instance><start>1</start><end>2</end><code>New ${i}</code></instance>`).join('');
    await refused(xml(many), 'The file has 98 codes the code window does not have: a window holds at most 100 buttons.');
    expect(await tagCount()).toBe(before);
    expect((await windowOf(team.owner)).buttons.map((b) => b.name)).toEqual(['Goal', 'Shot', 'Point']);
  });

  it('refuses DOCTYPEs and entities: no external entity (XXE) is read, no billion laughs expand', async () => {
    const key = await video(t, team.owner);
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><file><ALL_INSTANCES><instance><start>1</start><end>2</end><code>&e;</code></instance></ALL_INSTANCES></file>';
    const lol = (n: number) => `<!ENTITY l${n} "${`&l${n - 1};`.repeat(10)}">`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY l0 "lol">${Array.from({ length: 9 }, (_, i) => lol(i + 1)).join('')}]><file><ALL_INSTANCES><instance><start>1</start><end>2</end><code>&l9;</code></instance></ALL_INSTANCES></file>`;
    for (const file of [xxe, laughs, '<!doctype file><file/>']) expectError(await upload(team.ann, key, 'application/xml', file), 400, 'The file may not declare a DOCTYPE or entities.');
    expect(await tagsOf(t, team.ann, videoTags(key))).toEqual([]);
  });

  it('reads CSV with quotes, commas and line breaks in labels; refuses a bad line naming it', async () => {
    const key = await video(t, team.owner);
    const csv = '\ufeffcode,start,end,labels\r\nGoal,1,4,"Left;""quoted"", with comma;line\r\nbreak"\r\n\r\nShot,5.5,8,\r\npoint,9,10\r\n';
    expect(await imported(team.ann, key, 'text/csv', csv)).toEqual({ imported: 3, newCodes: [] });
    expect((await tagsOf(t, team.ann, videoTags(key))).map(instance)).toEqual([
      { code: 'Goal', start: 1, end: 4, labels: ['Left', '"quoted", with comma', 'line\r\nbreak'] },
      { code: 'Shot', start: 5.5, end: 8, labels: [] },
      { code: 'Point', start: 9, end: 10, labels: [] },
    ]);
    const other = await video(t, team.owner);
    // The quoted line break makes the second record two lines long: the bad one is on line 4.
    expectError(await upload(team.ann, other, 'text/csv', 'code,start,end,labels\r\nGoal,1,2,"a\r\nb"\r\nGoal,abc,3,\r\n'), 400, 'line 4: start is not a number');
    expectError(await upload(team.ann, other, 'text/csv', 'Goal,1\r\n'), 400, 'line 1: expected code,start,end,labels (2 fields)');
    expectError(await upload(team.ann, other, 'text/csv', 'Goal,1,2,"open\r\n'), 400, /^The CSV file cannot be read: Quote Not Closed/);
    expect(await tagsOf(t, team.ann, videoTags(other))).toEqual([]);
  });

  it('imports 5,000 instances with one insert', async () => {
    const key = await video(t, team.owner, { durationSec: 6000 });
    const csv = ['code,start,end,labels', ...Array.from({ length: 5000 }, (_, i) => `${['Goal', 'Shot', 'Bulk code'][i % 3]},${i},${i + 0.5},p${i % 7};q`)].join('\r\n');
    const count = queryCounter(t.runtime.db.$client);
    const { result, queries } = await count(() => imported(team.ann, key, 'text/csv', csv));
    expect(result).toEqual({ imported: 5000, newCodes: ['Bulk code'] });
    expect(queries.filter((q) => /INSERT INTO film_tags/i.test(q))).toHaveLength(1);
    expect(queries.length).toBeLessThan(40);
    const tags = await tagsOf(t, team.ann, videoTags(key));
    expect(tags).toHaveLength(5000);
    expect(instance(tags[4999]!)).toEqual({ code: 'Shot', start: 4999, end: 4999.5, labels: ['p1', 'q'] });
    await setButtons(t, team.owner);
  });

  it('bounds the file: too many instances (400), a body over the limit (413 from its length, or as soon as it has sent that much)', async () => {
    const key = await video(t, team.owner);
    const rows = Array.from({ length: TAG_IMPORT_MAX_INSTANCES + 1 }, () => 'Goal,1,2').join('\n');
    expectError(await upload(team.ann, key, 'text/csv', rows), 400, `The file holds ${TAG_IMPORT_MAX_INSTANCES + 1} instances: at most ${TAG_IMPORT_MAX_INSTANCES} are imported at once.`);

    expectError(await upload(team.ann, key, 'application/xml', Buffer.alloc(50 * MiB, 'a')), 413, IMPORT_TOO_LARGE);
    // Sent without a length, over a real connection: refused as soon as it passes the limit, before the body ends
    // (the client sends one byte more than the limit and waits, the body unfinished).
    const base = await listen(t.app);
    const answer = await new Promise<{ status: number; message: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/user/videos/${key}/tags/import`, { method: 'POST', headers: { ...team.ann.headers, 'content-type': 'application/xml' } });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d)).on('end', () => {
          resolve({ status: res.statusCode!, message: (JSON.parse(body) as { message: string }).message });
          req.destroy();
        });
      });
      req.write(Buffer.alloc(TAG_IMPORT_MAX_BYTES + 1, 'a'));
    });
    expect(answer).toEqual({ status: 413, message: IMPORT_TOO_LARGE });
    expect(await tagsOf(t, team.ann, videoTags(key))).toEqual([]);
  });

  it('takes XML or CSV only (415), from the team only (404)', async () => {
    const key = await video(t, team.owner);
    expectError(await upload(team.ann, key, 'application/json', '{"instances": []}'), 415);
    for (const who of [team.fan, team.rival, team.eagle]) expectError(await upload(who, derby, 'text/csv', 'Goal,1,2'), 404, VIDEO_NOT_FOUND);
  });
});
