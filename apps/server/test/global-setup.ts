import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data-dir dump; each test file starts its own PGlite from it. */
    pgliteSnapshot: string;
  }
}

/** Migrates one PGlite once and dumps it, so test files skip PGlite's slow initdb. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await createDb({});
  await runMigrations(handle);
  if (!handle.dumpDataDir) throw new Error('expected a PGlite handle');
  fs.writeFileSync(file, Buffer.from(await (await handle.dumpDataDir()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
