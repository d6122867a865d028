import { createHash } from 'node:crypto';
import { COMPANY_MESSAGES, LOGO_STORED_MAX_PX } from '@frontage/shared';
import { decode as decodeBmp } from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ValidationError } from './errors';

/** A logo ready to store: re-encoded bytes, their type and a content hash (the ETag). */
export interface StoredImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  etag: string;
}

/**
 * Decompression bombs: a 5 MiB PNG or RLE bitmap can claim billions of pixels. Nothing a logo
 * needs comes near this, so bigger is refused before any pixel is decoded.
 */
const MAX_INPUT_PIXELS = 40_000_000;

const refuse = (): never => {
  throw ValidationError.field('logo', COMPANY_MESSAGES.logoType);
};

/** BMP header: width at byte 18, height at 22 (negative = top-down), both int32 LE. */
const bmpPixels = (buf: Buffer): number => {
  if (buf.length < 26) return Infinity;
  return Math.abs(buf.readInt32LE(18)) * Math.abs(buf.readInt32LE(22));
};

/**
 * sharp reads no BMP, so bmp-ts decodes it to raw pixels. bmp-ts yields ABGR; images without an
 * alpha channel come back with alpha 0 everywhere, which means opaque, not invisible.
 */
const bmpToRaw = (buf: Buffer): { data: Buffer; width: number; height: number } => {
  const bmp = decodeBmp(buf);
  const { width, height } = bmp;
  const abgr = bmp.data;
  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = abgr[i + 3]!;
    rgba[i + 1] = abgr[i + 2]!;
    rgba[i + 2] = abgr[i + 1]!;
    rgba[i + 3] = abgr[i]!;
    if (abgr[i] !== 0) anyAlpha = true;
  }
  if (!anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { data: rgba, width, height };
};

/**
 * Accepts a PNG, JPEG or BMP by its content (the name and the declared type are ignored), and
 * re-encodes it: fitted inside LOGO_STORED_MAX_PX square, never enlarged, turned upright by its
 * EXIF orientation, all metadata dropped (sharp writes none unless asked). Photos stay JPEG,
 * everything else becomes PNG. Anything else, or anything that fails to decode, is a 422 on `logo`.
 */
export const reencodeLogo = async (input: Buffer): Promise<StoredImage> => {
  const type = await fileTypeFromBuffer(input);
  if (!type || !['image/png', 'image/jpeg', 'image/bmp'].includes(type.mime)) return refuse();
  const resize = {
    width: LOGO_STORED_MAX_PX,
    height: LOGO_STORED_MAX_PX,
    fit: 'inside',
    withoutEnlargement: true,
  } as const;
  let bytes: Buffer;
  let mime: StoredImage['mime'];
  try {
    if (type.mime === 'image/bmp') {
      if (bmpPixels(input) > MAX_INPUT_PIXELS) return refuse();
      const raw = bmpToRaw(input);
      bytes = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
        .resize(resize)
        .png()
        .toBuffer();
      mime = 'image/png';
    } else {
      const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(resize);
      mime = type.mime === 'image/jpeg' ? 'image/jpeg' : 'image/png';
      bytes = await (
        mime === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png()
      ).toBuffer();
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    return refuse();
  }
  return { bytes, mime, etag: createHash('sha256').update(bytes).digest('hex') };
};
