import S3rver from '@20minutes/s3rver';
import { mkdtemp, readdir, rm, stat, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface MultipartS3rver {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/**
 * s3rver (as in test/helpers/storage-s3rver.ts) plus the two multipart calls it lacks and the
 * tus S3 store needs: ListParts (`GET <key>?uploadId=`) and AbortMultipartUpload
 * (`DELETE <key>?uploadId=`), answered from s3rver's own part files
 * (`<bucket>/._S3rver_uploads/<uploadId>/<n>`). Signatures are not checked for these two.
 */
export async function startMultipartS3rver(): Promise<MultipartS3rver> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'videos-s3rver-'));
  const bucket = 'videos-bucket';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

  const shim = async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const isObject = ctx.path.startsWith(`/${bucket}/`);
    if (!uploadId || !isObject || ctx.query.partNumber !== undefined || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const dir = path.join(uploadsDir, path.basename(uploadId));
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    if (!exists) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`);
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const info = await stat(path.join(dir, String(n)));
        const md5 = (await readFile(path.join(dir, `${n}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const key = decodeURIComponent(ctx.path.slice(bucket.length + 2));
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
        `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts>` +
        `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
  // Koa composes its middleware when the server starts, so this runs first.
  (server as unknown as { middleware: unknown[] }).middleware.unshift(shim);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
