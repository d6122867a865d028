/**
 * The imports, their staged rows and the mapping templates (ADR 0094). Rows are written and
 * updated a batch per statement (multi-row insert; jsonb_to_recordset for updates).
 */
import type { ImportApplyBody, ImportOutcome } from '@frontage/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { idArray } from '../../db/id-array';
import { importRows, importTemplates, imports, users, type ImportStoredCounts } from '../../db/schema';

export type ImportRecord = typeof imports.$inferSelect;
export type NewImport = typeof imports.$inferInsert;
export type StagedRow = typeof importRows.$inferSelect;

export const insertImport = async (db: Db, values: NewImport): Promise<ImportRecord> =>
  (await db.insert(imports).values(values).returning())[0]!;

export const findImport = async (db: Db, id: number, lock = false): Promise<ImportRecord | undefined> => {
  const q = db.select().from(imports).where(eq(imports.id, id));
  return (await (lock ? q.for('update') : q))[0];
};

export const updateImport = async (db: Db, id: number, values: Partial<NewImport>): Promise<void> => {
  await db.update(imports).set(values).where(eq(imports.id, id));
};

export const deleteImport = async (db: Db, id: number): Promise<void> => {
  await db.delete(imports).where(eq(imports.id, id));
};

export const creatorOf = async (db: Db, userId: number | null) =>
  userId === null
    ? undefined
    : (
        await db
          .select({ id: users.id, name: users.name, type: users.type, company_id: users.company_id })
          .from(users)
          .where(eq(users.id, userId))
      )[0];

export const listImports = (db: Db, createdBy: number | null, limit: number, offset: number) =>
  db
    .select()
    .from(imports)
    .where(createdBy === null ? undefined : eq(imports.created_by, createdBy))
    .orderBy(desc(imports.created_at), desc(imports.id))
    .limit(limit)
    .offset(offset);

export const countImports = async (db: Db, createdBy: number | null): Promise<number> =>
  (
    await queryRows<{ n: number }>(
      db,
      createdBy === null
        ? sql`select count(*)::int as n from imports`
        : sql`select count(*)::int as n from imports where created_by = ${createdBy}`,
    )
  )[0]!.n;

/* ───────────────────────────── staging ───────────────────────────── */

/**
 * A batch of staged rows in one statement with one parameter (the rows as JSON, read back by
 * jsonb_to_recordset): a file of a million rows is a thousand of these, and building and binding
 * three parameters per row cost more than PostgreSQL's insert.
 */
export const insertRows = async (db: Db, importId: number, rows: Array<{ line: number; raw: string[] }>) => {
  if (!rows.length) return;
  await db.execute(sql`insert into import_rows (import_id, line, raw)
    select ${importId}, x.line, x.raw from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line int, raw jsonb)`);
};

/** The staged cells of the rows after a line, in file order (what validation reads). */
export const rowsAfter = (db: Db, importId: number, afterLine: number, limit: number) =>
  db
    .select({ id: importRows.id, line: importRows.line, raw: importRows.raw })
    .from(importRows)
    .where(and(eq(importRows.import_id, importId), sql`${importRows.line} > ${afterLine}`))
    .orderBy(importRows.line)
    .limit(limit);

export interface CheckedUpdate {
  id: number;
  /** The payload as JSON text (the checks' thread writes it; null when the row has errors). */
  payload: string | null;
  /** The keys that matched existing records. */
  matched: string[];
  errors: Array<{ field: string | null; message: string }>;
  keys: string[];
  target_id: number | null;
}

/**
 * Validation's results for a batch of rows, in one statement; a row with errors is an error, any
 * other is a create until the duplicate groups say otherwise (applyChoices rewrites only the rows
 * of a group: on a million rows, rewriting every row took most of the preview's last step). The
 * batch goes as one JSON parameter, each payload's text placed in it as it came.
 */
export const setChecked = async (db: Db, rows: CheckedUpdate[]): Promise<void> => {
  if (!rows.length) return;
  const json = `[${rows
    .map(
      (r) =>
        `{"id":${r.id},"payload":${r.payload ?? 'null'},"matched":${JSON.stringify(r.matched)},` +
        `"errors":${JSON.stringify(r.errors)},"keys":${JSON.stringify(r.keys)},"target_id":${r.target_id ?? 'null'}}`,
    )
    .join(',')}]`;
  await db.execute(sql`update import_rows r set
      parsed = case when x.payload is null then null
                    else jsonb_build_object('payload', x.payload, 'matched', x.matched) end,
      errors = x.errors, match_keys = array(select jsonb_array_elements_text(x.keys)),
      target_id = x.target_id, dup_group = null,
      outcome = case when jsonb_array_length(x.errors) > 0 then 'error' else 'create' end
    from jsonb_to_recordset(${json}::jsonb)
      as x(id bigint, payload jsonb, matched jsonb, errors jsonb, keys jsonb, target_id int)
    where r.id = x.id`);
};

/**
 * Duplicate groups: rows matching an existing record share `record:<id>`; other rows sharing a
 * natural key within the file share `key:<key>` (the first key, then the second).
 */
export const groupDuplicates = async (db: Db, importId: number): Promise<void> => {
  await db.execute(sql`update import_rows set dup_group = 'record:' || target_id
    where import_id = ${importId} and outcome = 'create' and target_id is not null`);
  // A window count per key, joined back by id: linear in the rows, whatever the planner thinks
  // of a freshly staged table (a self-join by key was a nested loop on a million rows).
  for (const k of [1, 2]) {
    await db.execute(sql`update import_rows r set dup_group = 'key:' || d.key
      from (select id, match_keys[${k}] as key, count(*) over (partition by match_keys[${k}]) as n
            from import_rows
            where import_id = ${importId} and outcome = 'create' and dup_group is null and match_keys[${k}] is not null) d
      where r.id = d.id and d.n > 1`);
  }
};

/**
 * No statement timeout for the rest of this transaction: the set-based steps over a whole file
 * (duplicate groups, outcomes from the choices) take longer than a request's STATEMENT_TIMEOUT_MS
 * on a million rows, and were cancelled every time they ran.
 */
export const liftStatementTimeout = async (tx: Db): Promise<void> => {
  await tx.execute(sql`set local statement_timeout = 0`);
};

/** The connection's own statement timeout again, for the rest of the transaction. */
export const resetStatementTimeout = async (tx: Db): Promise<void> => {
  await tx.execute(sql`set local statement_timeout to default`);
};

/** Fresh statistics of the staging table after a file's rows land, so the plans of the set-based steps fit. */
export const analyzeRows = async (db: Db): Promise<void> => {
  await db.execute(sql`analyze import_rows`);
};

/**
 * Every row's outcome from the choices: a row of no group is created (as validation left it); a
 * group of an existing record is updated by default (or skipped, or created anew); in a group
 * within the file the first row is created and the others skipped by default (or update the
 * first, or are created). Only the groups' rows are rewritten.
 */
export const applyChoices = async (db: Db, importId: number, choices: ImportApplyBody): Promise<void> => {
  const groups = JSON.stringify(choices.groups ?? {});
  const all = choices.all ?? null;
  await db.execute(sql`update import_rows r set outcome = x.outcome
    from (select id, case
            when dup_group like 'record:%' then coalesce(${groups}::jsonb ->> dup_group, ${all}::text, 'update')
            when line = min(line) over (partition by dup_group) then 'create'
            else coalesce(${groups}::jsonb ->> dup_group, ${all}::text, 'skip') end as outcome
          from import_rows where import_id = ${importId} and dup_group is not null and outcome is distinct from 'error') x
    where r.id = x.id and r.outcome is distinct from x.outcome`);
};

/** For a type an import never updates (deals): every row that would update is skipped. */
export const updatesToSkips = async (db: Db, importId: number): Promise<void> => {
  await db.execute(
    sql`update import_rows set outcome = 'skip' where import_id = ${importId} and outcome = 'update'`,
  );
};

/** The existing records the rows would update. */
export const updateTargets = async (db: Db, importId: number): Promise<number[]> =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`select distinct target_id as id from import_rows
          where import_id = ${importId} and outcome = 'update' and target_id is not null`,
    )
  ).map((r) => r.id);

/** Rows that would update one of these records become errors with this message. */
export const refuseTargets = async (db: Db, importId: number, ids: number[], message: string) => {
  if (!ids.length) return;
  await db.execute(sql`update import_rows set outcome = 'error',
      errors = errors || jsonb_build_array(jsonb_build_object('field', null, 'message', ${message}::text))
    where import_id = ${importId} and outcome = 'update' and target_id = any(${idArray(ids)})`);
};

/**
 * The counts moved by a batch's rows whose outcome its write changed (an update whose record is
 * gone skips, a row the service refuses is an error).
 */
export const movedCounts = (
  counts: ImportStoredCounts,
  changes: Array<{ from: string | null; to: string }>,
): ImportStoredCounts => {
  const out = { ...counts };
  for (const c of changes) {
    if (c.from === c.to) continue;
    if (c.from) out[c.from as ImportOutcome]--;
    out[c.to as ImportOutcome]++;
  }
  return out;
};

export const countsOf = async (db: Db, importId: number): Promise<ImportStoredCounts> => {
  const rows = await queryRows<{ outcome: ImportOutcome | null; n: number }>(
    db,
    sql`select outcome, count(*)::int as n from import_rows where import_id = ${importId} group by outcome`,
  );
  const out = { create: 0, update: 0, skip: 0, error: 0, groups: 0 };
  for (const r of rows) {
    if (r.outcome) out[r.outcome] += r.n;
  }
  out.groups = (
    await queryRows<{ n: number }>(
      db,
      // dup_group is not null: what count(distinct) counts anyway, and what the group index holds.
      sql`select count(distinct dup_group)::int as n from import_rows where import_id = ${importId} and dup_group is not null`,
    )
  )[0]!.n;
  return out;
};

export const firstRows = (db: Db, importId: number, outcome: ImportOutcome, limit: number) =>
  db
    .select()
    .from(importRows)
    .where(and(eq(importRows.import_id, importId), eq(importRows.outcome, outcome)))
    .orderBy(importRows.line)
    .limit(limit);

export const errorRowsAfter = (db: Db, importId: number, afterLine: number, limit: number) =>
  db
    .select()
    .from(importRows)
    .where(
      and(
        eq(importRows.import_id, importId),
        eq(importRows.outcome, 'error'),
        sql`${importRows.line} > ${afterLine}`,
      ),
    )
    .orderBy(importRows.line)
    .limit(limit);

/* ───────────────────────────── apply and revert ───────────────────────────── */

/** The next rows the apply has not written, in file order. */
export const pendingRows = (db: Db, importId: number, limit: number) =>
  db
    .select()
    .from(importRows)
    .where(and(eq(importRows.import_id, importId), sql`${importRows.done} is null`))
    .orderBy(importRows.line)
    .limit(limit);

/** The record the first row of a group within the file created (the others update it). */
export const leaderRecord = async (db: Db, importId: number, group: string): Promise<number | null> =>
  (
    await queryRows<{ record_id: number | null }>(
      db,
      sql`select record_id from import_rows where import_id = ${importId} and dup_group = ${group}
          and outcome = 'create' order by line limit 1`,
    )
  )[0]?.record_id ?? null;

export interface DoneUpdate {
  id: number;
  outcome: string;
  errors: Array<{ field: string | null; message: string }>;
  record_id: number | null;
  before: unknown;
  after_stamp: string | null;
}

export const markDone = async (db: Db, rows: DoneUpdate[], now: Date): Promise<void> => {
  if (!rows.length) return;
  await db.execute(sql`update import_rows r set outcome = x.outcome, errors = x.errors, record_id = x.record_id,
      before = x.before, after_stamp = x.after_stamp, done = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id bigint, outcome text, errors jsonb, record_id int, before jsonb, after_stamp timestamptz)
    where r.id = x.id`);
};

/** The next written rows the revert has not reached, last written first. */
export const unrevertedRows = (db: Db, importId: number, limit: number) =>
  db
    .select()
    .from(importRows)
    .where(
      and(
        eq(importRows.import_id, importId),
        sql`${importRows.record_id} is not null and ${importRows.outcome} in ('create', 'update')
            and ${importRows.reverted} is null`,
      ),
    )
    .orderBy(desc(importRows.line))
    .limit(limit);

/**
 * What the import did to one record: whether it created it, the before-image of its first update
 * (the state to restore), its updated_at after the import's last write, and whether the revert
 * already reached one of its rows (a record is undone once, at its last row).
 */
export const recordSummary = async (db: Db, importId: number, recordId: number) =>
  (
    await queryRows<{ created: boolean; first_before: unknown; last_stamp: string | null; handled: boolean }>(
      db,
      sql`select bool_or(outcome = 'create') as created,
                 (array_agg(before order by line) filter (where outcome = 'update'))[1] as first_before,
                 max(after_stamp) as last_stamp, bool_or(reverted is not null) as handled
          from import_rows where import_id = ${importId} and record_id = ${recordId}
            and outcome in ('create', 'update')`,
    )
  )[0]!;

export const markReverted = async (db: Db, ids: number[], now: Date): Promise<void> => {
  if (ids.length)
    await db.execute(
      sql`update import_rows set reverted = ${now.toISOString()}::timestamptz where id = any(${idArray(ids)}::bigint[])`,
    );
};

/** A revert may be asked again (with force): the conflicts it left become pending again. */
export const reopenConflicts = async (db: Db, importId: number, ids: number[]): Promise<void> => {
  if (ids.length)
    await db.execute(sql`update import_rows set reverted = null
      where import_id = ${importId} and record_id = any(${idArray(ids)})`);
};

/* ───────────────────────────── templates ───────────────────────────── */

export const saveTemplate = async (db: Db, values: typeof importTemplates.$inferInsert): Promise<void> => {
  await db
    .insert(importTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [importTemplates.entity, importTemplates.name],
      set: { mapping: values.mapping, created_by: values.created_by },
    });
};

export const listTemplates = (db: Db, entity: string) =>
  db
    .select({
      id: importTemplates.id,
      entity: importTemplates.entity,
      name: importTemplates.name,
      mapping: importTemplates.mapping,
    })
    .from(importTemplates)
    .where(eq(importTemplates.entity, entity))
    .orderBy(importTemplates.name);
