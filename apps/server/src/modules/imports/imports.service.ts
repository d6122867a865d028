import {
  IMPORT_BATCH_ROWS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_READY_ENTITIES,
  IMPORT_REVERT_DAYS,
  isAdmin,
  sameImportMapping,
  suggestImportMapping,
  type Actor,
  type Import,
  type ImportApplyBody,
  type ImportEntity,
  type ImportReadyEntity,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { CsvLine } from '../../lib/csv';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../lib/errors';
import { readRecords } from './import.read';
import { storable } from './import.values';
import { validateImport } from './import.validate';
import { IMPORT_QUEUE, type ImportJob } from './imports.jobs';
import { presentImport } from './imports.presenter';
import * as repo from './imports.repository';
import type { ImportRecord } from './imports.repository';

/**
 * The import use cases (ADR 0094): upload (stage and validate the whole file), read, re-map,
 * apply and revert (background jobs). An import is its creator's, and every admin's.
 */

const fileError = (message: string) => ValidationError.field('file', message);

export const readyEntity = (entity: ImportEntity): ImportReadyEntity => {
  if (!(IMPORT_READY_ENTITIES as readonly string[]).includes(entity))
    throw ValidationError.field('entity', IMPORT_MESSAGES.entityNotYet);
  return entity as ImportReadyEntity;
};

/** A mapping names fields of the entity and headers of the file, each header once at most. */
const checkMapping = (entity: ImportReadyEntity, headers: string[], mapping: Record<string, string>) => {
  const fields = new Set(IMPORT_FIELDS[entity].map((f) => f.key));
  const errors: Record<string, string[]> = {};
  for (const [field, header] of Object.entries(mapping)) {
    if (!fields.has(field)) errors[`mapping.${field}`] = [IMPORT_MESSAGES.fieldUnknown];
    else if (!headers.includes(header)) errors[`mapping.${field}`] = [IMPORT_MESSAGES.mappingInvalid];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

/** The import, if the actor may see it (its creator, or an admin); 404 otherwise. */
const visible = async (deps: ServiceDeps, actor: Actor, id: number): Promise<ImportRecord> => {
  const imp = await repo.findImport(deps.db, id);
  if (!imp || (!isAdmin(actor) && imp.created_by !== actor.id)) throw new NotFoundError();
  return imp;
};

export const get = async (deps: ServiceDeps, actor: Actor, id: number, withRows = true): Promise<Import> =>
  presentImport(deps.db, await visible(deps, actor, id), withRows);

const isBlank = (cells: string[]) => cells.every((c) => !String(c).trim());

/**
 * The whole-file validation of an import in `validating`: a job (ADR 0103), so the upload and a
 * re-map answer as soon as the rows are staged and the page follows the progress; in the request
 * only where the server has no job layer.
 */
const startValidation = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  if (!deps.jobs) return validateImport(deps, actor, id);
  const job: ImportJob = { id, action: 'validate' };
  await deps.jobs.enqueue(IMPORT_QUEUE, job);
};

/**
 * POST /api/imports: the file (saved to `path` as it arrived) is read as a stream of records into
 * the staging table in batches; the answer is the import in `validating`, and a job validates
 * every row (ADR 0103) until it is in `preview`. Anything wrong with the file as a whole is a 422
 * on `file`, and nothing of it is kept.
 */
export const create = async (
  deps: ServiceDeps,
  actor: Actor,
  input: { entity: ImportEntity; fileName: string; path: string; mapping: Record<string, string> | null },
): Promise<Import> => {
  const entity = readyEntity(input.entity);
  const { maxRows } = deps.config.imports;
  const records = await readRecords(input.path, input.fileName, maxRows + 1);
  let header: string[] | null = null;
  let imp: ImportRecord | null = null;
  try {
    let batch: Array<{ line: number; raw: string[] }> = [];
    let total = 0;
    for await (const rec of records) {
      if (isBlank(rec.cells)) continue;
      if (!header) {
        header = rec.cells.map((c) => storable(String(c).trim()));
        const mapping = input.mapping ?? suggestImportMapping(entity, header);
        checkMapping(entity, header, mapping);
        imp = await repo.insertImport(deps.db, {
          entity,
          status: 'validating',
          file_name: input.fileName.slice(0, 255),
          headers: header,
          mapping,
          created_by: actor.id,
        });
        continue;
      }
      if (++total > maxRows) throw fileError(IMPORT_MESSAGES.tooManyRows);
      batch.push({ line: rec.line, raw: rec.cells.map(storable) });
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await repo.insertRows(deps.db, imp!.id, batch);
        batch = [];
      }
    }
    if (imp) await repo.insertRows(deps.db, imp.id, batch);
    if (!imp || !total) throw fileError(IMPORT_MESSAGES.empty);
    await repo.updateImport(deps.db, imp.id, { rows_total: total });
    await startValidation(deps, actor, imp.id);
  } catch (err) {
    if (imp) await repo.deleteImport(deps.db, imp.id);
    throw err;
  } finally {
    await records.return(undefined);
  }
  return get(deps, actor, imp.id);
};

const remappable = (status: string | undefined) => status === 'preview' || status === 'validating';

/**
 * PUT /api/imports/{id}/mapping: a new mapping (optionally saved as a template), every row
 * validated again. Also while the first validation still runs: a wrong mapping is seen at the
 * mapping step, and the run under the old mapping stops at its next batch (it goes on only while
 * the mapping is the one it started with). The same mapping again restarts nothing.
 */
export const remap = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: { mapping: Record<string, string>; template_name?: string | undefined },
): Promise<Import> => {
  const imp = await visible(deps, actor, id);
  const entity = readyEntity(imp.entity as ImportEntity);
  checkMapping(entity, imp.headers, body.mapping);
  const restarted = await deps.db.transaction(async (tx) => {
    const locked = await repo.findImport(tx, id, true);
    if (!remappable(locked?.status)) throw ValidationError.field('status', IMPORT_MESSAGES.notInPreview);
    if (body.template_name)
      await repo.saveTemplate(tx, {
        entity,
        name: body.template_name,
        mapping: body.mapping,
        created_by: actor.id,
      });
    if (locked!.status === 'validating' && sameImportMapping(locked!.mapping, body.mapping)) return false;
    await repo.updateImport(tx, id, {
      mapping: body.mapping,
      status: 'validating',
      progress: 0,
      checked_line: 0,
      counts: null,
    });
    if (deps.jobs)
      await deps.jobs.enqueue(IMPORT_QUEUE, { id, action: 'validate' } satisfies ImportJob, { tx });
    return true;
  });
  if (restarted && !deps.jobs) await validateImport(deps, actor, id);
  return get(deps, actor, id);
};

const jobsOf = (deps: ServiceDeps) => {
  if (!deps.jobs) throw new ServiceUnavailableError(IMPORT_MESSAGES.jobsUnavailable);
  return deps.jobs;
};

/** POST /api/imports/{id}/apply: the choices set every row's outcome; the job writes them. */
export const apply = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  choices: ImportApplyBody,
): Promise<Import> => {
  const imp = await visible(deps, actor, id);
  if (imp.status !== 'preview') throw ValidationError.field('status', IMPORT_MESSAGES.notInPreview);
  const jobs = jobsOf(deps);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.findImport(tx, id, true);
    if (locked?.status !== 'preview') throw ValidationError.field('status', IMPORT_MESSAGES.notInPreview);
    // The outcomes are set from the choices by the job's first batch (over a million rows that
    // takes longer than a request should), in that batch's transaction.
    await repo.updateImport(tx, id, { status: 'applying', choices, progress: 0 });
    const job: ImportJob = { id, action: 'apply' };
    await jobs.enqueue(IMPORT_QUEUE, job, { tx });
  });
  return get(deps, actor, id, false);
};

/**
 * POST /api/imports/{id}/revert: within IMPORT_REVERT_DAYS of its apply. Again after a revert
 * that left conflicts, with `force`, it reverts those too.
 */
export const revert = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  force: boolean,
): Promise<Import> => {
  const imp = await visible(deps, actor, id);
  const again = imp.status === 'reverted' && imp.conflicts.length > 0 && force;
  if (imp.status !== 'applied' && !again) throw ValidationError.field('status', IMPORT_MESSAGES.notApplied);
  const limit = (imp.applied_at?.getTime() ?? 0) + IMPORT_REVERT_DAYS * 86_400_000;
  if (deps.now().getTime() > limit) throw ValidationError.field('status', IMPORT_MESSAGES.revertExpired);
  const jobs = jobsOf(deps);
  await deps.db.transaction(async (tx) => {
    const locked = (await repo.findImport(tx, id, true))!;
    if (locked.status !== imp.status) throw ValidationError.field('status', IMPORT_MESSAGES.notApplied);
    if (again)
      await repo.reopenConflicts(
        tx,
        id,
        locked.conflicts.map((c) => c.record_id),
      );
    await repo.updateImport(tx, id, { status: 'reverting', progress: 0, conflicts: [] });
    const job: ImportJob = { id, action: 'revert', force };
    await jobs.enqueue(IMPORT_QUEUE, job, { tx });
  });
  return get(deps, actor, id, false);
};

/** GET /api/imports: the actor's imports (an admin's: everyone's), newest first. */
export const list = async (deps: ServiceDeps, actor: Actor, page: number, perPage: number) => {
  const owner = isAdmin(actor) ? null : actor.id;
  const rows = await repo.listImports(deps.db, owner, perPage, (page - 1) * perPage);
  return {
    data: await Promise.all(rows.map((r) => presentImport(deps.db, r, false))),
    total: await repo.countImports(deps.db, owner),
  };
};

/**
 * GET /api/imports/{id}/errors.csv: the columns (Line, Errors, then the file's own) and the error
 * rows in file order, a batch per statement, each with its messages and its cells as read.
 */
export const errorLines = async (deps: ServiceDeps, actor: Actor, id: number) => {
  const imp = await visible(deps, actor, id);
  async function* batches(): AsyncGenerator<CsvLine[]> {
    for (let after = 0; ;) {
      const rows = await repo.errorRowsAfter(deps.db, id, after, IMPORT_BATCH_ROWS);
      if (!rows.length) return;
      after = rows.at(-1)!.line;
      yield rows.map((r) => [
        r.line,
        r.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join(' '),
        ...imp.headers.map((_, i) => String(r.raw[i] ?? '')),
      ]);
    }
  }
  return { columns: ['Line', 'Errors', ...imp.headers], batches, fileName: `import-${id}-errors.csv` };
};

export const templates = (deps: ServiceDeps, entity: ImportEntity) => repo.listTemplates(deps.db, entity);
