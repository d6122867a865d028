import { IMPORT_MESSAGES, type Actor, type ImportReadyEntity } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { AppError, ValidationError } from '../../lib/errors';
import { ADAPTERS } from './entities';
import { chooseOutcomes } from './import.validate';
import type { ImportAdapter, RowError } from './entities/types';
import * as records from './import-records.repository';
import * as repo from './imports.repository';
import type { DoneUpdate, ImportRecord, StagedRow } from './imports.repository';

/**
 * The apply and revert jobs (ADR 0094). Each batch is one transaction that locks the import,
 * writes its rows' records through the modules' services and marks the rows done (or reverted),
 * so a crash or a restart resumes after the last committed batch and no row is written twice.
 * Each row is a savepoint: a row the service refuses becomes an error row and undoes only itself.
 */

/** The job was asked to stop (shutdown): it fails, and is taken up again from the next batch. */
export class ImportStopped extends Error {
  constructor() {
    super('import job stopped before it finished');
  }
}

/** The importer, whose rights every write uses; null when the account is gone (the import fails). */
const actorOf = async (db: Db, imp: ImportRecord): Promise<Actor | null> => {
  const u = await repo.creatorOf(db, imp.created_by);
  if (!u) {
    await repo.updateImport(db, imp.id, { status: 'failed', error: IMPORT_MESSAGES.importerGone });
    return null;
  }
  return { id: u.id, type: u.type, company_id: u.company_id };
};

const errorsOf = (err: AppError): RowError[] =>
  err instanceof ValidationError
    ? Object.entries(err.errors).flatMap(([field, msgs]) => msgs.map((message) => ({ field, message })))
    : [{ field: null, message: err.message }];

const payloadOf = (row: StagedRow) => (row.parsed as { payload: Record<string, unknown> }).payload;

const applyRow = async (
  deps: ServiceDeps,
  adapter: ImportAdapter,
  actor: Actor,
  imp: ImportRecord,
  row: StagedRow,
  owned: Set<number>,
): Promise<DoneUpdate> => {
  const nothing = { id: row.id, record_id: null, before: null, after_stamp: null };
  if (row.outcome !== 'create' && row.outcome !== 'update')
    return { ...nothing, outcome: row.outcome ?? 'error', errors: row.errors };
  const payload = payloadOf(row);
  let target: number | null = null;
  if (row.outcome === 'update') {
    // An existing record (its rights checked again now), or the record this file's group created.
    target = row.target_id;
    if (target !== null && !owned.has(target))
      return { ...nothing, outcome: 'error', errors: [{ field: null, message: IMPORT_MESSAGES.rowNotOwn }] };
    target ??= row.dup_group ? await repo.leaderRecord(deps.db, imp.id, row.dup_group) : null;
    if (target === null) return { ...nothing, outcome: 'skip', errors: [] };
  }
  try {
    return await deps.db.transaction(async (sp) => {
      const d = { ...deps, db: sp };
      const historyFrom = adapter.markHistory ? await records.lastHistoryId(sp) : 0;
      let before: unknown = null;
      let id: number;
      if (target === null) id = await adapter.create(d, actor, payload);
      else {
        before = await adapter.before(d, target, payload);
        await adapter.update(d, actor, target, payload);
        id = target;
      }
      await adapter.markHistory?.(sp, imp.id, id, historyFrom);
      const stamp = await adapter.stamp(sp, id);
      return {
        id: row.id,
        outcome: row.outcome!,
        errors: [],
        record_id: id,
        before,
        after_stamp: stamp?.toISOString() ?? null,
      };
    });
  } catch (err) {
    // A refusal of the service is the row's error; anything else (the database) fails the batch.
    if (!(err instanceof AppError)) throw err;
    return { ...nothing, outcome: 'error', errors: errorsOf(err) };
  }
};

/**
 * The batch's creates in one go through the adapter's `createMany` (ADR 0103), in a savepoint:
 * null when the adapter has none or refused a row (the rows are then written one by one, so the
 * refusal is that row's error and the others are written).
 */
const createAll = async (
  deps: ServiceDeps,
  adapter: ImportAdapter,
  actor: Actor,
  imp: ImportRecord,
  rows: StagedRow[],
): Promise<DoneUpdate[] | null> => {
  if (!adapter.createMany || rows.length < 2) return null;
  try {
    const written = await deps.db.transaction((sp) =>
      adapter.createMany!({ ...deps, db: sp }, actor, rows.map(payloadOf), imp.id),
    );
    return rows.map((row, i) => ({
      id: row.id,
      outcome: 'create',
      errors: [],
      record_id: written[i]!.id,
      before: null,
      after_stamp: written[i]!.updated_at.toISOString(),
    }));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return null;
  }
};

/**
 * Applies an import in `applying`, a batch per transaction, until every row is done — or until
 * the time `until` (ms since the epoch) has passed between two batches: then it answers true (more
 * to do) and the caller queues the next slice, so no job runs longer than the job layer lets one.
 */
export const runApply = async (
  deps: ServiceDeps,
  importId: number,
  stopping: () => boolean,
  until = Infinity,
): Promise<boolean> => {
  const first = await repo.findImport(deps.db, importId);
  if (first?.status !== 'applying') return false;
  const adapter = ADAPTERS[first.entity as ImportReadyEntity];
  const actor = await actorOf(deps.db, first);
  if (!actor) return false;
  // At least one batch per slice, so every job moves the import on.
  for (let finished = false, batches = 0; !finished; batches++) {
    if (stopping()) throw new ImportStopped();
    if (batches > 0 && Date.now() > until) return true;
    finished = await deps.db.transaction(async (tx) => {
      // The lock: one batch at a time, whichever process runs the job.
      const imp = await repo.findImport(tx, importId, true);
      if (imp?.status !== 'applying') return true;
      if (imp.progress === 0) {
        // The first batch sets every row's outcome from the choices, with its rows: a run cut
        // short before it commits sets them again; once it has, progress is past 0 (the file has
        // rows, and every batch counts its rows whatever their outcome).
        await repo.liftStatementTimeout(tx);
        await chooseOutcomes({ ...deps, db: tx }, actor, importId, imp.choices ?? {});
        imp.counts = await repo.countsOf(tx, importId);
        await repo.resetStatementTimeout(tx);
      }
      const rows = await repo.pendingRows(tx, importId, deps.config.imports.batchRows);
      if (!rows.length) {
        await repo.updateImport(tx, importId, { status: 'applied', applied_at: deps.now() });
        return true;
      }
      const targets = rows.flatMap((r) =>
        r.outcome === 'update' && r.target_id !== null ? [r.target_id] : [],
      );
      const owned = await adapter.owned(tx, actor, [...new Set(targets)]);
      const txDeps = { ...deps, db: tx };
      // Creates first, all at once when the adapter can, and marked done before the updates, so
      // an update of a record its group's first row creates in this batch finds it.
      const created = await createAll(
        txDeps,
        adapter,
        actor,
        imp,
        rows.filter((r) => r.outcome === 'create'),
      );
      if (created) await repo.markDone(tx, created, deps.now());
      const done: DoneUpdate[] = [];
      for (const row of rows)
        if (!created || row.outcome !== 'create')
          done.push(await applyRow(txDeps, adapter, actor, imp, row, owned));
      await repo.markDone(tx, done, deps.now());
      const before = new Map(rows.map((r) => [r.id, r.outcome]));
      await repo.updateImport(tx, importId, {
        progress: imp.progress + rows.length,
        ...(imp.counts && {
          counts: repo.movedCounts(
            imp.counts,
            done.map((d) => ({ from: before.get(d.id) ?? null, to: d.outcome })),
          ),
        }),
      });
      return false;
    });
  }
  return false;
};

/**
 * Reverts an import in `reverting`: each record once, at its last row — a created one deleted,
 * an updated one restored to its first before-image — unless it was edited since (its updated_at
 * is not the import's last write): then it is a conflict, left alone unless `force`. Sliced in
 * time as runApply is (true = more to do).
 */
export const runRevert = async (
  deps: ServiceDeps,
  importId: number,
  force: boolean,
  stopping: () => boolean,
  until = Infinity,
): Promise<boolean> => {
  const first = await repo.findImport(deps.db, importId);
  if (first?.status !== 'reverting') return false;
  const adapter = ADAPTERS[first.entity as ImportReadyEntity];
  const actor = await actorOf(deps.db, first);
  if (!actor) return false;
  // At least one batch per slice, so every job moves the import on.
  for (let finished = false, batches = 0; !finished; batches++) {
    if (stopping()) throw new ImportStopped();
    if (batches > 0 && Date.now() > until) return true;
    finished = await deps.db.transaction(async (tx) => {
      const imp = await repo.findImport(tx, importId, true);
      if (imp?.status !== 'reverting') return true;
      const rows = await repo.unrevertedRows(tx, importId, deps.config.imports.batchRows);
      if (!rows.length) {
        await repo.updateImport(tx, importId, { status: 'reverted', reverted_at: deps.now() });
        return true;
      }
      const conflicts = [...imp.conflicts];
      const reached: number[] = [];
      for (const row of rows) {
        const recordId = row.record_id!;
        const summary = await repo.recordSummary(tx, importId, recordId);
        // Mark now, so the record's earlier rows see it handled.
        await repo.markReverted(tx, [row.id], deps.now());
        reached.push(row.id);
        if (summary.handled) continue;
        const stamp = await adapter.stamp(tx, recordId);
        if (stamp === null) continue;
        const edited =
          summary.last_stamp !== null && stamp.getTime() !== new Date(summary.last_stamp).getTime();
        if (edited && !force) {
          conflicts.push({ line: row.line, record_id: recordId });
          continue;
        }
        try {
          await tx.transaction(async (sp) => {
            const d = { ...deps, db: sp };
            const historyFrom = adapter.markHistory ? await records.lastHistoryId(sp) : 0;
            if (summary.created) await adapter.remove(d, actor, recordId, imp.id);
            else {
              await adapter.update(d, actor, recordId, summary.first_before as Record<string, unknown>);
              await adapter.markHistory?.(sp, imp.id, recordId, historyFrom);
            }
          });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          conflicts.push({ line: row.line, record_id: recordId });
        }
      }
      await repo.updateImport(tx, importId, { progress: imp.progress + reached.length, conflicts });
      return false;
    });
  }
  return false;
};
