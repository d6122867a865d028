import fs from 'node:fs';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Just enough of the zip format to check an uploaded archive before anything is inflated (ADR
 * 0070): the central directory read as declared (names, sizes, methods) from a buffer or from the
 * tail of a file on disk, one entry inflated with its declared size as a hard cap (whole, or as a
 * stream of chunks, ADR 0114), and a stored (uncompressed) zip written from checked parts.
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

/** What the end record declares: the directory's entry count, size and offset. */
interface EndRecord {
  count: number;
  cdSize: number;
  cdOffset: number;
}

/** Reads and checks the end record at `end`; more than `maxEntries` is refused from its count. */
const endRecordAt = (buf: Buffer, end: number, maxEntries: number): EndRecord => {
  const disk = buf.readUInt16LE(end + 4);
  const cdDisk = buf.readUInt16LE(end + 6);
  const onDisk = buf.readUInt16LE(end + 8);
  const count = buf.readUInt16LE(end + 10);
  const cdSize = buf.readUInt32LE(end + 12);
  const cdOffset = buf.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) unreadable();
  // 0xffff / 0xffffffff: the real values are in a zip64 record, which this reader does not read.
  if (count === 0xffff || cdOffset === 0xffffffff) unreadable();
  if (count > maxEntries) throw new ZipError('tooManyEntries');
  return { count, cdSize, cdOffset };
};

/** The `count` entries of a central directory held in `cd` (exactly the directory's bytes). */
const entriesOf = (cd: Buffer, count: number): ZipEntry[] => {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL) unreadable();
    const flags = cd.readUInt16LE(at + 8);
    const method = cd.readUInt16LE(at + 10);
    const compressedSize = cd.readUInt32LE(at + 20);
    const size = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const offset = cd.readUInt32LE(at + 42);
    if (at + 46 + nameLength > cd.length) unreadable();
    // Bit 0: encrypted. Sizes of 0xffffffff: zip64.
    if (flags & 1 || compressedSize === 0xffffffff || size === 0xffffffff) unreadable();
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/**
 * The archive's entries as its central directory declares them, without inflating anything.
 * More than `maxEntries` is refused from the count in the end record, before the directory is read.
 */
export const centralDirectory = (buf: Buffer, maxEntries: number): ZipEntry[] => {
  if (buf.length < EOCD_SIZE) unreadable();
  const end = endRecord(buf);
  const { count, cdSize, cdOffset } = endRecordAt(buf, end, maxEntries);
  if (cdOffset + cdSize > end) unreadable();
  return entriesOf(buf.subarray(cdOffset, cdOffset + cdSize), count);
};

const readAt = async (file: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> => {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  if (bytesRead !== length) unreadable();
  return buf;
};

/**
 * The central directory of an archive on disk (the same checks as `centralDirectory`): only the
 * file's tail and the directory are read, so an archive of any size costs a few kilobytes here.
 */
export const centralDirectoryOfFile = async (
  file: fs.promises.FileHandle,
  maxEntries: number,
): Promise<ZipEntry[]> => {
  const { size } = await file.stat();
  if (size < EOCD_SIZE) unreadable();
  const tailFrom = Math.max(0, size - EOCD_SIZE - 0xffff);
  const tail = await readAt(file, tailFrom, size - tailFrom);
  const endInTail = endRecord(tail);
  const { count, cdSize, cdOffset } = endRecordAt(tail, endInTail, maxEntries);
  if (cdOffset + cdSize > tailFrom + endInTail) unreadable();
  return entriesOf(await readAt(file, cdOffset, cdSize), count);
};

/**
 * One entry of an archive on disk, inflated as a stream of chunks. Like `inflateEntry`, it is held
 * to its declared size: the stream fails (`unreadable`) as soon as it would yield a byte more, and
 * when it ends short of it.
 */
export async function* entryChunks(
  path: string,
  file: fs.promises.FileHandle,
  e: ZipEntry,
  chunkSize = 64 * 1024,
): AsyncGenerator<Buffer> {
  const local = await readAt(file, e.offset, 30);
  if (local.readUInt32LE(0) !== LOCAL) unreadable();
  const start = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (e.method !== 0 && e.method !== 8) unreadable();
  if (e.compressedSize === 0) {
    if (e.size !== 0) unreadable();
    return;
  }
  const raw = fs.createReadStream(path, {
    start,
    end: start + e.compressedSize - 1,
    highWaterMark: chunkSize,
  });
  const inflate = e.method === 8 ? createInflateRaw({ chunkSize }) : null;
  const source: AsyncIterable<Buffer> = inflate ? raw.pipe(inflate) : raw;
  raw.on('error', (err) => inflate?.destroy(err));
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > e.size) unreadable();
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipError) throw err;
    unreadable();
  } finally {
    raw.destroy();
    inflate?.destroy();
  }
  if (total !== e.size) unreadable();
}

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

/** What a zip entry's headers say about it (whatever it really holds: a test may lie). */
export interface EntryHeader {
  name: string;
  /** 0 = stored, 8 = deflate. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts (the central header's pointer). */
  offset: number;
}

/** An entry's local header and name (UTF-8 names). */
export const localHeader = (e: Omit<EntryHeader, 'offset'>): Buffer => {
  const name = Buffer.from(e.name, 'utf8');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(LOCAL, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x800, 6); // UTF-8 names
  local.writeUInt16LE(e.method, 8);
  local.writeUInt32LE(e.crc, 14);
  local.writeUInt32LE(e.compressedSize, 18);
  local.writeUInt32LE(e.size, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name]);
};

/** An entry's central directory header and name. */
export const centralHeader = (e: EntryHeader): Buffer => {
  const name = Buffer.from(e.name, 'utf8');
  const central = Buffer.alloc(46);
  central.writeUInt32LE(CENTRAL, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x800, 8);
  central.writeUInt16LE(e.method, 10);
  central.writeUInt32LE(e.crc, 16);
  central.writeUInt32LE(e.compressedSize, 20);
  central.writeUInt32LE(e.size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(e.offset, 42);
  return Buffer.concat([central, name]);
};

/** The end record of a directory of `count` entries, `cdSize` bytes long, at `cdOffset`. */
export const endRecordOf = (count: number, cdSize: number, cdOffset: number): Buffer => {
  const end = Buffer.alloc(EOCD_SIZE);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return end;
};

/** A zip of the given files, stored (not compressed): what a reader gets is exactly what was checked. */
export const storedZip = (files: Array<{ name: string; data: Buffer }>): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const e = {
      name: f.name,
      method: 0,
      crc: crc32(f.data),
      compressedSize: f.data.length,
      size: f.data.length,
    };
    const local = localHeader(e);
    locals.push(local, f.data);
    centrals.push(centralHeader({ ...e, offset }));
    offset += local.length + f.data.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecordOf(files.length, cd.length, offset)]);
};
