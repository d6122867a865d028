import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Just enough of the zip format to check an uploaded archive before anything is inflated (ADR
 * 0070): the central directory read as declared (names, sizes, methods), one entry inflated with
 * its declared size as a hard cap, and a stored (uncompressed) zip written from checked parts.
 * Zip64, encryption, multi-disk archives and methods other than stored and deflate are not read.
 */

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate. */
  method: number;
  compressedSize: number;
  /** The uncompressed size the archive declares (an inflated entry is held to it). */
  size: number;
  /** Where the local file header starts. */
  offset: number;
}

/** The archive cannot be read as a plain zip; `tooManyEntries` when it declares more than asked. */
export class ZipError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyEntries') {
    super(reason);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;

const unreadable = (): never => {
  throw new ZipError('unreadable');
};

/** The end-of-central-directory record: searched back from the end, past a comment of ≤ 64 KiB. */
const endRecord = (buf: Buffer): number => {
  const stop = Math.max(0, buf.length - EOCD_SIZE - 0xffff);
  for (let i = buf.length - EOCD_SIZE; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  return unreadable();
};

/**
 * The archive's entries as its central directory declares them, without inflating anything.
 * More than `maxEntries` is refused from the count in the end record, before the directory is read.
 */
export const centralDirectory = (buf: Buffer, maxEntries: number): ZipEntry[] => {
  if (buf.length < EOCD_SIZE) unreadable();
  const end = endRecord(buf);
  const disk = buf.readUInt16LE(end + 4);
  const cdDisk = buf.readUInt16LE(end + 6);
  const onDisk = buf.readUInt16LE(end + 8);
  const count = buf.readUInt16LE(end + 10);
  const cdSize = buf.readUInt32LE(end + 12);
  const cdOffset = buf.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) unreadable();
  // 0xffff / 0xffffffff: the real values are in a zip64 record, which no store list needs.
  if (count === 0xffff || cdOffset === 0xffffffff) unreadable();
  if (count > maxEntries) throw new ZipError('tooManyEntries');
  if (cdOffset + cdSize > end) unreadable();

  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) unreadable();
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const offset = buf.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) unreadable();
    // Bit 0: encrypted. Sizes of 0xffffffff: zip64.
    if (flags & 1 || compressedSize === 0xffffffff || size === 0xffffffff) unreadable();
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** The entry's compressed bytes, found through its local header. */
const rawData = (buf: Buffer, e: ZipEntry): Buffer => {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== LOCAL) unreadable();
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  if (start + e.compressedSize > buf.length) unreadable();
  return buf.subarray(start, start + e.compressedSize);
};

/**
 * One entry's bytes. Inflating stops at the declared size: an entry that would unpack to more (a
 * lie about its size) is refused without ever holding more than it declared.
 */
export const inflateEntry = (buf: Buffer, e: ZipEntry): Buffer => {
  const data = rawData(buf, e);
  let out: Buffer;
  if (e.method === 0) out = data;
  else if (e.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(e.size, 1) });
    } catch {
      return unreadable();
    }
  } else return unreadable();
  if (out.length !== e.size) unreadable();
  return out;
};

/** A zip of the given files, stored (not compressed): what a reader gets is exactly what was checked. */
export const storedZip = (files: Array<{ name: string; data: Buffer }>): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += 30 + name.length + f.data.length;
  }
  const cdSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(EOCD_SIZE);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
};
