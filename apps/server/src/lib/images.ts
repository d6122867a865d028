import { createHash } from 'node:crypto';
import { COMPANY_MESSAGES, LOGO_BMP_MAX_PIXELS, LOGO_MAX_PIXELS } from '@frontage/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { UploadWorkerConfig } from '../config';
import { ValidationError } from './errors';
import { runUploadTask } from './workers/pool';

/** A logo ready to store: re-encoded bytes, their type and a content hash (the ETag). */
export interface StoredImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  etag: string;
}

type LogoType = 'image/png' | 'image/jpeg' | 'image/bmp';
const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/bmp'];

const refuse = (message: string = COMPANY_MESSAGES.logoType): never => {
  throw ValidationError.field('logo', message);
};

/** BMP header: width at byte 18, height at 22 (negative = top-down), both int32 LE. */
const bmpSize = (buf: Buffer): { width: number; height: number } => {
  if (buf.length < 26) return refuse();
  return { width: Math.abs(buf.readInt32LE(18)), height: Math.abs(buf.readInt32LE(22)) };
};

/** The dimensions the image declares, from its header alone (no pixel is decoded). */
const declaredSize = async (input: Buffer, type: LogoType) => {
  if (type === 'image/bmp') return bmpSize(input);
  try {
    const { width, height } = await sharp(input).metadata();
    return { width, height };
  } catch {
    return refuse();
  }
};

/**
 * Accepts a PNG, JPEG or BMP by its content (the name and the declared type are ignored) and
 * re-encodes it (images.decode.ts). Decompression bombs: a 5 MiB PNG or RLE bitmap can claim
 * billions of pixels, so the dimensions are read from the header first and more than the limit
 * (LOGO_MAX_PIXELS; LOGO_BMP_MAX_PIXELS for a BMP, decoded in JavaScript) is refused before any
 * pixel is decoded (ADR 0070). The decoding runs in an upload worker thread, off the event loop.
 * Anything else, or anything that fails to decode, is a 422 on `logo`.
 */
export const reencodeLogo = async (input: Buffer, uploads: UploadWorkerConfig): Promise<StoredImage> => {
  const type = (await fileTypeFromBuffer(input))?.mime;
  if (!type || !LOGO_TYPES.includes(type)) return refuse();
  const mime = type as LogoType;
  const { width, height } = await declaredSize(input, mime);
  if (!width || !height) return refuse();
  if (mime === 'image/bmp' && width * height > LOGO_BMP_MAX_PIXELS)
    return refuse(COMPANY_MESSAGES.logoBmpTooManyPixels);
  if (width * height > LOGO_MAX_PIXELS) return refuse(COMPANY_MESSAGES.logoTooManyPixels);
  const out = await runUploadTask(uploads, 'logo', 'logo', { bytes: input, mime });
  const bytes = Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength);
  return { bytes, mime: out.mime, etag: createHash('sha256').update(bytes).digest('hex') };
};
