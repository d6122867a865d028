/**
 * Durable PGlite storage on Node (ADR 0033): an acknowledged commit is on disk, not only in the
 * operating system's page cache.
 *
 * Out of the box a file-backed PGlite makes no write durable against a power or OS failure:
 * - it starts PostgreSQL with `-F` (`fsync=off`), so PostgreSQL skips every fsync: the WAL
 *   flush at commit, the data files at a checkpoint, pg_control, directories;
 * - with `fsync` on, the default `wal_sync_method=fdatasync` still reaches nothing: Emscripten's
 *   `fdatasync` syscall only checks the descriptor and returns 0;
 * - `fsync` reaches `stream_ops.fsync` of the file's filesystem, which Emscripten's NODEFS (the
 *   host-directory filesystem PGlite's `NodeFS` mounts) does not define — another silent no-op.
 * PGlite's own `syncToFs`/`relaxedDurability` do not help here: they copy an in-memory
 * filesystem to IndexedDB/OPFS and are no-ops for `NodeFS` (and `transaction()` skips them
 * anyway, electric-sql/pglite#1065).
 *
 * So: PostgreSQL starts with `fsync=on`, `synchronous_commit=on` and `wal_sync_method=fsync` (the
 * one method that reaches the filesystem layer), and {@link DurableNodeFS} — PGlite's `NodeFS`
 * passed through its documented `fs` option — gives NODEFS the missing `fsync`: the host
 * descriptor is flushed with `fdatasync` for WAL files (PostgreSQL's own choice on Linux) and with
 * `fsync` for everything else (data files, pg_control, directories after a create or rename).
 * PostgreSQL's own durability logic then works as on a server: COMMIT returns after its WAL
 * record is on disk, a checkpoint syncs the data files before the WAL it replaces is recycled.
 * The sync is synchronous inside the query, so nothing is acknowledged before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PostgreSQL start parameters of a durable PGlite: PGlite's defaults without `-F`, plus the sync settings. */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
];

/** The parts of an Emscripten stream and module this file touches (PGlite does not type them). */
interface EmStream {
  /** Host file descriptor NODEFS opened for this stream. */
  nfd?: number;
  /** Path inside the Emscripten filesystem (PGDATA is /pglite/data). */
  path?: string;
  node?: { mode: number };
}
interface EmModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmStream) => number } };
  FS: { ErrnoError: new (errno: number) => Error; isFile: (mode: number) => boolean };
}

/** WASI errno values PostgreSQL distinguishes after a failed fsync (EBADF/EINVAL on a directory are tolerated). */
const WASI_ERRNO: Record<string, number> = { EBADF: 8, EINVAL: 28, EIO: 29, ENOSPC: 51, EROFS: 69 };

/** A WAL segment (a regular file in pg_wal; directories always get a full fsync). */
const isWalFile = (mod: EmModule, stream: EmStream) =>
  !!stream.path?.includes('/pg_wal/') && !!stream.node && mod.FS.isFile(stream.node.mode);

/** Gives Emscripten's NODEFS a real fsync (the module is per PGlite instance, so only this instance is affected). */
const installFsync = (mod: EmModule): void => {
  // A PGlite that no longer exposes NODEFS this way must not start silently without syncs.
  if (!mod.NODEFS?.stream_ops || typeof mod.FS?.ErrnoError !== 'function') {
    throw new Error(
      'PGlite: cannot install fsync on its NODEFS file system (ADR 0033); check the PGlite version',
    );
  }
  mod.NODEFS.stream_ops.fsync = (stream) => {
    if (typeof stream.nfd !== 'number') return 0;
    try {
      if (isWalFile(mod, stream)) fs.fdatasyncSync(stream.nfd);
      else fs.fsyncSync(stream.nfd);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
      // _fd_sync turns an ErrnoError into the errno PostgreSQL sees (it PANICs on a failed WAL sync).
      throw new mod.FS.ErrnoError(WASI_ERRNO[code] ?? WASI_ERRNO.EIO!);
    }
    return 0;
  };
};

type InitOptions = Parameters<NodeFS['init']>[1];

/** PGlite's `NodeFS` whose files and directories can be fsynced (pass it as PGlite's `fs` option). */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: InitOptions): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (mod) => installFsync(mod as unknown as EmModule)],
      },
    };
  }
}

/**
 * fsyncs every file and directory under `dir`, and `dir`'s entry in its parent. Used once after
 * PGlite creates a data directory: its initdb copies the new cluster in without syncing, and
 * PostgreSQL only syncs what it writes itself later.
 */
export const syncTree = (dir: string): void => {
  const syncPath = (p: string) => {
    const fd = fs.openSync(p, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) syncPath(p);
    }
    syncPath(d);
  };
  walk(dir);
  syncPath(path.dirname(dir));
};
