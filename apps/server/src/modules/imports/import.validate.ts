import { IMPORT_BATCH_ROWS, IMPORT_MESSAGES, type Actor, type ImportReadyEntity } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { runUploadTask } from '../../lib/workers/pool';
import { ADAPTERS } from './entities';
import type { MappedRow } from './entities/types';
import * as repo from './imports.repository';
import type { CheckedUpdate, ImportRecord } from './imports.repository';

/**
 * Validates every staged row of an import (ADR 0094), a batch at a time in file order: the
 * mapped cells through the entity's adapter (the API's schemas, units, relations by natural key),
 * then the existing records each row's keys match. Then the duplicate groups, the default
 * choices, and for an agent every update of a record their company does not hold refused. Ends
 * with the import in `preview`.
 */

/** A staged row's cells as field → text, through the mapping (field → header). */
export const mappedValues = (
  raw: string[],
  headers: string[],
  mapping: Record<string, string>,
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, header] of Object.entries(mapping)) {
    const i = headers.indexOf(header);
    if (i >= 0) out[field] = String(raw[i] ?? '');
  }
  return out;
};

/** A batch read, its cells mapped and the companies (or other references) they name looked up. */
interface Read {
  /** The line it was read after: the import's checked_line when its write is to count. */
  after: number;
  staged: Array<{ id: number; line: number }>;
  rows: MappedRow[];
  lookups: unknown;
}

/** A batch checked, waiting for its write: its staged rows, their checks and their matches. */
interface Checked {
  after: number;
  staged: Array<{ id: number; line: number }>;
  updates: CheckedUpdate[];
}

/**
 * The batch after `after`, read and its references looked up (one read per kind). Outside the
 * import's lock, as the checks below: the staged cells never change, and a mapping that did is
 * seen when the batch is written. Only ids and lines are kept of the staged rows: the cells go
 * on as the mapped values.
 */
const readBatch = async (
  deps: ServiceDeps,
  imp: ImportRecord,
  actor: Actor,
  after: number,
): Promise<Read> => {
  const staged = await repo.rowsAfter(deps.db, imp.id, after, IMPORT_BATCH_ROWS);
  const rows: MappedRow[] = staged.map((s) => ({
    line: s.line,
    values: mappedValues(s.raw, imp.headers, imp.mapping),
  }));
  const lookups = rows.length
    ? await ADAPTERS[imp.entity as ImportReadyEntity].lookup(deps.db, rows, actor)
    : null;
  return { after, staged: staged.map(({ id, line }) => ({ id, line })), rows, lookups };
};

/**
 * A read batch's rows checked on the import checks' worker thread (the entity's RowCheck), then
 * the existing records each row's keys match.
 */
const checkRead = async (
  deps: ServiceDeps,
  imp: ImportRecord,
  actor: Actor,
  read: Read,
): Promise<Checked> => {
  const { after, staged, rows, lookups } = read;
  if (!staged.length) return { after, staged, updates: [] };
  const entity = imp.entity as ImportReadyEntity;
  const checked = await runUploadTask(deps.config.imports.checks, 'file', 'importRows', {
    entity,
    rows,
    actor,
    lookups,
  });
  const existing = await ADAPTERS[entity].existing(deps.db, [...new Set(checked.flatMap((c) => c.keys))]);
  const updates = staged.map((s, i) => {
    const c = checked[i]!;
    const matched = c.keys.filter((k) => existing.get(k)?.length);
    const target = matched.length ? Math.min(...existing.get(matched[0]!)!) : null;
    return { id: s.id, payload: c.payload, matched, errors: c.errors, keys: c.keys, target_id: target };
  });
  return { after, staged, updates };
};

/**
 * Each batch's write is a transaction that locks the import and goes on only while it is
 * `validating` with the mapping this run started with and its `checked_line` is where the batch
 * was read from; it stores the rows' checks and moves `checked_line` (and `progress`) past them.
 * So a run of the same validation started again — the server restarted, or the job layer took a
 * long run for lost and started it once more — goes on from the last committed batch, and two
 * runs at once share the batches (a run whose batch another wrote first reads on from there).
 * While a batch is written, the next is checked and the one after it read (ADR 0115): the checks
 * on a worker thread, the reads on other connections. The last step (groups, outcomes,
 * `preview`) is one transaction too, taken by one run.
 */
export const validateImport = async (deps: ServiceDeps, actor: Actor, importId: number): Promise<void> => {
  const imp = (await repo.findImport(deps.db, importId))!;
  const mapping = JSON.stringify(imp.mapping);
  const current = async (tx: Db) => {
    const locked = await repo.findImport(tx, importId, true);
    return locked?.status === 'validating' && JSON.stringify(locked.mapping) === mapping ? locked : null;
  };
  // While batch N is written, N+1 is checked on the thread and N+2 read (with its lookups). A
  // batch's checks begin only once the batch before it is being written, so no more than two
  // batches' checked rows are held at once (on a million rows, checking further ahead held more
  // of them for longer: the heap's peak rose past the 256 MB while the time fell little).
  // A batch begun that is not to be written (another run wrote it first, the run stops) is still
  // waited for, so that nothing of this run is left working after it.
  const quiet = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => undefined);
    return p;
  };
  const readFrom = (after: number) => quiet(readBatch(deps, imp, actor, after));
  // A read batch's checks begun, and the read of the batch after it (null after the file's end).
  const onward = (read: Read) => ({
    checked: quiet(checkRead(deps, imp, actor, read)),
    nextRead: read.staged.length ? readFrom(read.staged.at(-1)!.line) : Promise.resolve(null),
  });
  const drop = async (checked: Promise<Checked>, nextRead: Promise<Read | null>) => {
    await checked.catch(() => undefined);
    await nextRead.catch(() => undefined);
  };
  // Every batch from `from` on, each written once; false when the run is to stop.
  const checkFrom = async (from: number): Promise<boolean> => {
    let { checked, nextRead } = onward(await readFrom(from));
    for (;;) {
      const batch = await checked.catch(async (err: unknown) => {
        await nextRead.catch(() => undefined);
        throw err;
      });
      if (!batch.staged.length) return true;
      // This batch had rows, so the next was read (or is being read) meanwhile.
      ({ checked, nextRead } = onward((await nextRead)!));
      let written: number | boolean;
      try {
        written = await deps.db.transaction(async (tx) => {
          const locked = await current(tx);
          if (!locked) return false;
          if (locked.checked_line !== batch.after) return locked.checked_line;
          await repo.setChecked(tx, batch.updates);
          await repo.updateImport(tx, importId, {
            checked_line: batch.staged.at(-1)!.line,
            progress: locked.progress + batch.staged.length,
          });
          return true;
        });
      } catch (err) {
        await drop(checked, nextRead);
        throw err;
      }
      if (written === true) continue;
      await drop(checked, nextRead);
      if (written === false) return false;
      ({ checked, nextRead } = onward(await readFrom(written)));
    }
  };
  // The last step waits for the whole file: a run that began while the upload still stages rows
  // (a re-map sent during the upload queues one; rows_total is 0 until the upload ends) stops
  // when it has caught up, and the run the upload queues at its end goes on from there. Rows
  // staged between this run's last read and its last step are read once more.
  for (let from = imp.checked_line, again = true; ; again = false) {
    if (!(await checkFrom(from))) return;
    const end = await deps.db.transaction(async (tx) => {
      const locked = await current(tx);
      if (!locked || locked.rows_total === 0) return null;
      if (locked.progress < locked.rows_total) return locked.checked_line;
      await repo.liftStatementTimeout(tx);
      await repo.analyzeRows(tx);
      await repo.groupDuplicates(tx, importId);
      await chooseOutcomes({ ...deps, db: tx }, actor, importId, {});
      await repo.updateImport(tx, importId, { status: 'preview', counts: await repo.countsOf(tx, importId) });
      return null;
    });
    if (end === null || !again) return;
    from = end;
  }
};

/**
 * The validation job (ADR 0103): the import in `validating`, checked as its creator. A run cut
 * short (a crash) is run again and goes on after the last batch it committed.
 */
export const runValidate = async (deps: ServiceDeps, importId: number): Promise<void> => {
  const imp = await repo.findImport(deps.db, importId);
  if (imp?.status !== 'validating') return;
  const u = await repo.creatorOf(deps.db, imp.created_by);
  if (!u) {
    await repo.updateImport(deps.db, importId, { status: 'failed', error: IMPORT_MESSAGES.importerGone });
    return;
  }
  await validateImport(deps, { id: u.id, type: u.type, company_id: u.company_id }, importId);
};

/** Outcomes from the choices; an agent's updates of records they do not hold become errors. */
export const chooseOutcomes = async (
  deps: ServiceDeps,
  actor: Actor,
  importId: number,
  choices: { all?: string | undefined; groups?: Record<string, string> | undefined },
): Promise<void> => {
  const imp = (await repo.findImport(deps.db, importId))!;
  const adapter = ADAPTERS[imp.entity as ImportReadyEntity];
  await repo.applyChoices(deps.db, importId, choices as never);
  if (adapter.updates === false) await repo.updatesToSkips(deps.db, importId);
  const targets = await repo.updateTargets(deps.db, importId);
  const owned = await adapter.owned(deps.db, actor, targets);
  await repo.refuseTargets(
    deps.db,
    importId,
    targets.filter((id) => !owned.has(id)),
    IMPORT_MESSAGES.rowNotOwn,
  );
};
