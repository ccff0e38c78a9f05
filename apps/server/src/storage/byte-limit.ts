import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../errors';

export function payloadTooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Upload is larger than the allowed ${maxBytes} bytes.`);
}

/**
 * Counts bytes flowing through and fails the stream as soon as they exceed `maxBytes`, so an
 * oversized upload is cut off mid-stream instead of being stored and checked afterwards.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(payloadTooLarge(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}

export function assertByteCount(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw new AppError('BAD_REQUEST', `${name} must be a non-negative integer.`);
  }
}
