import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

export interface ImportStoredCounts {
  create: number;
  update: number;
  skip: number;
  error: number;
  groups: number;
}

/**
 * An import of one file (ADR 0094): its entity type, status and the mapping of its
 * columns; `choices` are the duplicate choices the apply was asked with; `progress` is the rows
 * the job has written (or reverted). `counts` are its rows per outcome and its duplicate groups,
 * stored where they change (ADR 0103): counting a million rows on every poll of the page took
 * seconds of the database each time.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    status: text('status').notNull(),
    file_name: text('file_name').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** field → header */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    choices: jsonb('choices').$type<{ all?: string; groups?: Record<string, string> }>(),
    rows_total: integer('rows_total').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    /**
     * The last line validation has checked under the current mapping (0: none yet; a re-map sets it
     * back): a validation job run again — after a restart, or taken as lost — goes on from there.
     */
    checked_line: integer('checked_line').notNull().default(0),
    error: text('error'),
    /**
     * Rows per outcome and duplicate groups: counted when validation ends and when the apply's
     * first batch has set the outcomes from the choices, then moved by each apply batch for the
     * rows whose write changed their outcome. Null while validating.
     */
    counts: jsonb('counts').$type<ImportStoredCounts>(),
    /** The records the last revert left alone (edited since): [{line, record_id}]. */
    conflicts: jsonb('conflicts').$type<Array<{ line: number; record_id: number }>>().notNull().default([]),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    applied_at: stamp('applied_at'),
    reverted_at: stamp('reverted_at'),
  },
  (t) => [index('imports_created_idx').on(t.created_at.desc(), t.id.desc())],
);

/**
 * The staging table: one row per data line of the file, in file order. `raw` holds the cells as
 * read (by column index); validation writes `parsed` (the API payload), `errors`, the natural
 * keys that matched (`match_keys`), the duplicate group and the existing record (`target_id`);
 * apply writes `outcome` (as applied), `record_id`, the record's `before` image (updates) and
 * `after_stamp` (its updated_at once written, to find edits made since); `done` marks a row whose
 * batch committed, `reverted` one the revert's batch did.
 */
export const importRows = pgTable(
  'import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    import_id: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    raw: jsonb('raw').$type<string[]>().notNull(),
    parsed: jsonb('parsed'),
    outcome: text('outcome'),
    errors: jsonb('errors').$type<Array<{ field: string | null; message: string }>>().notNull().default([]),
    match_keys: text('match_keys').array(),
    dup_group: text('dup_group'),
    target_id: integer('target_id'),
    record_id: integer('record_id'),
    before: jsonb('before'),
    after_stamp: stamp('after_stamp'),
    done: stamp('done'),
    /** The revert reached the row (undone, already gone, or left alone as a conflict). */
    reverted: stamp('reverted'),
  },
  (t) => [
    uniqueIndex('import_rows_line_key').on(t.import_id, t.line),
    index('import_rows_outcome_idx').on(t.import_id, t.outcome, t.line),
    index('import_rows_group_idx')
      .on(t.import_id, t.dup_group)
      .where(sql`${t.dup_group} is not null`),
  ],
);

/** A named mapping (field → header) for an entity type, kept for the next file of the same shape. */
export const importTemplates = pgTable(
  'import_templates',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    name: text('name').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('import_templates_name_key').on(t.entity, t.name)],
);
