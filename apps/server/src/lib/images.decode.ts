import { COMPANY_MESSAGES, LOGO_MAX_PIXELS, LOGO_STORED_MAX_PX } from '@frontage/shared';
import { decode as decodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { ValidationError } from './errors';

/**
 * A logo's pixels decoded and re-encoded, in an upload worker thread (ADR 0070): images.ts has
 * already checked its type and its dimensions on the header, so this decodes only images within
 * the pixel limits, and sharp is held to the same limit again.
 */

const refuse = (): never => {
  throw ValidationError.field('logo', COMPANY_MESSAGES.logoType);
};

/**
 * sharp reads no BMP, so bmp-ts decodes it to raw pixels. bmp-ts yields ABGR; images without an
 * alpha channel come back with alpha 0 everywhere, which means opaque, not invisible. The bytes
 * are turned to RGBA in place (one buffer of 4 bytes a pixel, not two).
 */
const bmpToRaw = (buf: Buffer): { data: Buffer; width: number; height: number } => {
  const bmp = decodeBmp(buf);
  const { width, height } = bmp;
  const px = bmp.data;
  if (px.length < width * height * 4) return refuse();
  let anyAlpha = false;
  for (let i = 0; i < width * height * 4; i += 4) {
    const a = px[i]!;
    const b = px[i + 1]!;
    px[i] = px[i + 3]!;
    px[i + 1] = px[i + 2]!;
    px[i + 2] = b;
    px[i + 3] = a;
    if (a !== 0) anyAlpha = true;
  }
  if (!anyAlpha) for (let i = 3; i < width * height * 4; i += 4) px[i] = 255;
  return { data: px, width, height };
};

/**
 * Re-encodes: fitted inside LOGO_STORED_MAX_PX square, never enlarged, turned upright by its
 * EXIF orientation, all metadata dropped (sharp writes none unless asked). Photos stay JPEG,
 * everything else becomes PNG. Anything that fails to decode is a 422 on `logo`.
 */
export const reencodePixels = async (
  input: Buffer,
  type: 'image/png' | 'image/jpeg' | 'image/bmp',
): Promise<{ bytes: Buffer; mime: 'image/png' | 'image/jpeg' }> => {
  const resize = {
    width: LOGO_STORED_MAX_PX,
    height: LOGO_STORED_MAX_PX,
    fit: 'inside',
    withoutEnlargement: true,
  } as const;
  try {
    if (type === 'image/bmp') {
      const raw = bmpToRaw(input);
      const bytes = await sharp(raw.data, {
        raw: { width: raw.width, height: raw.height, channels: 4 },
        limitInputPixels: LOGO_MAX_PIXELS,
      })
        .resize(resize)
        .png()
        .toBuffer();
      return { bytes, mime: 'image/png' };
    }
    const image = sharp(input, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(resize);
    const mime = type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const bytes = await (
      mime === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png()
    ).toBuffer();
    return { bytes, mime };
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    return refuse();
  }
};
