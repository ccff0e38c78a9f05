import { open } from 'node:fs/promises';
import { SNIFF_BYTES } from './signature';

export { sniffMedia, SNIFF_BYTES, type Sniffed, type SniffedKind } from './signature';

/** The first `bytes` of a file (fewer when it is shorter). */
export async function readFileHead(file: string, bytes = SNIFF_BYTES): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
