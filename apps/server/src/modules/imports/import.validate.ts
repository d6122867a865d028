import { IMPORT_BATCH_ROWS, IMPORT_MESSAGES, type Actor, type ImportReadyEntity } from '@frontage/shared';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { ADAPTERS } from './entities';
import type { CheckedRow, MappedRow } from './entities/types';
import * as repo from './imports.repository';

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

interface Prepared {
  after: number;
  staged: Awaited<ReturnType<typeof repo.rowsAfter>>;
  checked: CheckedRow[];
}

/**
 * Each batch is a transaction that locks the import and goes on only while it is `validating`
 * with the mapping this run started with; it checks the rows after the import's `checked_line`
 * and moves it (and `progress`) past them. So a run of the same validation started again — the
 * server restarted, or the job layer took a long run for lost and started it once more — goes on
 * from the last committed batch, and two runs at once share the batches instead of each doing all
 * of them. The last step (groups, outcomes, `preview`) is one transaction too, taken by one run.
 */
export const validateImport = async (deps: ServiceDeps, actor: Actor, importId: number): Promise<void> => {
  const imp = (await repo.findImport(deps.db, importId))!;
  const adapter = ADAPTERS[imp.entity as ImportReadyEntity];
  const mapping = JSON.stringify(imp.mapping);
  const current = async (tx: Db) => {
    const locked = await repo.findImport(tx, importId, true);
    return locked?.status === 'validating' && JSON.stringify(locked.mapping) === mapping ? locked : null;
  };
  /** The rows after `after`, read and checked (the cells and their relations). */
  const prepare = async (db: Db, after: number): Promise<Prepared> => {
    const staged = await repo.rowsAfter(db, importId, after, IMPORT_BATCH_ROWS);
    const rows: MappedRow[] = staged.map((s) => ({
      line: s.line,
      values: mappedValues(s.raw, imp.headers, imp.mapping),
    }));
    return { after, staged, checked: staged.length ? await adapter.check(db, rows, actor) : [] };
  };
  // The next batch is read and checked while the database writes this one's results (the
  // server's CPU beside the database's); it is used only if, under the lock, the import still
  // stands where it was read from — else that batch is checked again in the transaction.
  let ahead: Promise<Prepared> | null = prepare(deps.db, imp.checked_line);
  try {
    for (;;) {
      const prepared = await ahead;
      ahead = null;
      const more = await deps.db.transaction(async (tx) => {
        const locked = await current(tx);
        if (!locked) return false;
        const batch =
          prepared?.after === locked.checked_line ? prepared : await prepare(tx, locked.checked_line);
        const { staged, checked } = batch;
        if (!staged.length) return false;
        ahead = prepare(deps.db, staged.at(-1)!.line);
        ahead.catch(() => undefined);
        const existing = await adapter.existing(tx, [...new Set(checked.flatMap((c) => c.keys))]);
        await repo.setChecked(
          tx,
          staged.map((s, i) => {
            const c = checked[i]!;
            const matched = c.keys.filter((k) => existing.get(k)?.length);
            const target = matched.length ? Math.min(...existing.get(matched[0]!)!) : null;
            return {
              id: s.id,
              parsed: c.payload ? { payload: c.payload, matched } : null,
              errors: c.errors,
              keys: c.keys,
              target_id: target,
            };
          }),
        );
        await repo.updateImport(tx, importId, {
          checked_line: staged.at(-1)!.line,
          progress: locked.progress + staged.length,
        });
        return true;
      });
      if (!more) break;
    }
  } finally {
    // A batch read ahead and not used: its end (or its failure) is of no interest.
    await (ahead as Promise<Prepared> | null)?.catch(() => undefined);
  }
  await deps.db.transaction(async (tx) => {
    if (!(await current(tx))) return;
    await repo.liftStatementTimeout(tx);
    await repo.analyzeRows(tx);
    await repo.groupDuplicates(tx, importId);
    await chooseOutcomes({ ...deps, db: tx }, actor, importId, {});
    await repo.updateImport(tx, importId, { status: 'preview', counts: await repo.countsOf(tx, importId) });
  });
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
