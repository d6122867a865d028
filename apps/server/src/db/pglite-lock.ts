/**
 * One process per PGlite data directory (ADR 0033). PGlite runs PostgreSQL inside the process
 * that opens it and does not stop a second process from opening the same directory (its
 * postmaster.pid always says -42): two of them — the server and `npm run backup`, say — would
 * each replay and checkpoint the same WAL and corrupt it. So whoever opens a data directory first
 * writes its pid to `<dir>.lock` (beside it, not inside: PostgreSQL owns the directory); a lock
 * whose process is gone (a crash, kill -9) is taken over.
 */
import fs from 'node:fs';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite data directory ${dir} is in use by process ${pid}: stop the server (PGlite serves one ` +
        `process at a time) and try again. If no such process runs, delete ${dir}.lock.`,
    );
    this.name = 'DataDirInUseError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the data directory's lock; returns its release. Throws {@link DataDirInUseError} when a live process holds it. */
export const lockDataDir = (dir: string): (() => void) => {
  const file = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirInUseError(dir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    fs.rmSync(file, { force: true });
  };
};
