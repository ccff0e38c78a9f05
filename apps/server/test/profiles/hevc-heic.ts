import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg } from '@app/media/binaries';

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let p = start; p + 8 <= end; ) {
    const size = buf.readUInt32BE(p);
    out.push({ type: buf.toString('latin1', p + 4, p + 8), start: p, end: p + size });
    p += size;
  }
  return out;
}

/** A box by its path from the top of an MP4 (`stsd` and `hvc1` have fixed fields before their children). */
function find(buf: Buffer, names: string[], start = 0, end = buf.length): Box {
  const [head, ...rest] = names;
  const box = boxes(buf, start, end).find((b) => b.type === head);
  if (!box) throw new Error(`no ${head} box`);
  if (rest.length === 0) return box;
  const skip = head === 'stsd' ? 8 : head === 'hvc1' ? 78 : 0;
  return find(buf, rest, box.start + 8 + skip, box.end);
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, u32(version << 24), ...parts);

/**
 * An HEIC as an iPhone writes it (one HEVC-coded picture in a HEIF container), 256 x 192. No npm
 * package here writes one: ffmpeg (libx265) codes one frame into an MP4, and its codec configuration
 * (hvcC) and frame are wrapped into the HEIF boxes (ftyp heic, meta with the item, its location and
 * properties, mdat).
 */
export async function hevcHeic(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'heic-'));
  try {
    const mp4Path = path.join(dir, 'one.mp4');
    await promisify(execFile)(findFfmpeg().path, [
      '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=256x192:rate=1', '-frames:v', '1',
      '-pix_fmt', 'yuv420p', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', mp4Path,
    ]);
    const mp4 = await readFile(mp4Path);
    const stbl = ['moov', 'trak', 'mdia', 'minf', 'stbl'];
    const hvcC = find(mp4, [...stbl, 'stsd', 'hvc1', 'hvcC']);
    const hvc1 = find(mp4, [...stbl, 'stsd', 'hvc1']);
    const width = mp4.readUInt16BE(hvc1.start + 32);
    const height = mp4.readUInt16BE(hvc1.start + 34);
    const stsz = find(mp4, [...stbl, 'stsz']);
    const size = mp4.readUInt32BE(stsz.start + 12) || mp4.readUInt32BE(stsz.start + 20);
    const offset = mp4.readUInt32BE(find(mp4, [...stbl, 'stco']).start + 16);
    const picture = mp4.subarray(offset, offset + size);

    const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
    const meta = (mdatAt: number) =>
      fullBox(
        'meta',
        0,
        fullBox('hdlr', 0, u32(0), Buffer.from('pict'), Buffer.alloc(12), Buffer.from([0])),
        fullBox('pitm', 0, u16(1)),
        // One item, one extent: 4-byte offset and length, no base offset.
        fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(mdatAt + 8), u32(picture.length)),
        fullBox('iinf', 0, u16(1), fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1'), Buffer.from([0]))),
        box(
          'iprp',
          box('ipco', mp4.subarray(hvcC.start, hvcC.end), fullBox('ispe', 0, u32(width), u32(height))),
          // Item 1: property 1 (hvcC, essential) and 2 (ispe).
          fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])),
        ),
      );
    const sized = meta(0);
    return Buffer.concat([ftyp, meta(ftyp.length + sized.length), box('mdat', picture)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
