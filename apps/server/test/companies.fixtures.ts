import { randomBytes } from 'node:crypto';
import { encode as encodeBmp } from 'bmp-ts';
import sharp from 'sharp';

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export const multipart = (fields: Array<[string, string]>, files: FilePart[] = []) => {
  const boundary = `----frontage${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const logoPart = (data: Buffer, filename = 'logo.png', type = 'image/png'): FilePart => ({
  name: 'logo',
  filename,
  type,
  data,
});

/** A striped PNG (so re-encoding has something to keep). */
export const pngImage = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#0a0"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** A JPEG photo carrying EXIF (camera make and a copyright line) that must not survive. */
export const jpegWithExif = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private Person 2026' } })
    .toBuffer();

/** A 24-bit BMP (bmp-ts encodes from ABGR pixels). */
export const bmpImage = (width = 640, height = 480): Buffer => {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 0;
    data[i + 1] = 255; // blue
    data[i + 2] = (i / 4) % width < width / 2 ? 0 : 255; // green, right half
    data[i + 3] = 0; // red
  }
  return encodeBmp({ data, width, height, bitPP: 24 } as Parameters<typeof encodeBmp>[0]).data;
};

export const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SVG_AS_PNG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);
export const PDF_AS_PNG = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const GIF_AS_PNG = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
