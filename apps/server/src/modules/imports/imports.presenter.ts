import {
  IMPORT_OUTCOMES,
  IMPORT_PREVIEW_ROWS,
  suggestImportMapping,
  type Import,
  type ImportEntity,
  type ImportOutcome,
  type ImportReadyEntity,
  type ImportRow,
  type ImportStatus,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import * as repo from './imports.repository';
import type { ImportRecord, StagedRow } from './imports.repository';

/** A staged row as the preview shows it: its cells by header, errors, and the duplicate match. */
const presentRow = (headers: string[], r: StagedRow): ImportRow => {
  const matched = (r.parsed as { matched?: string[] } | null)?.matched ?? [];
  const group = r.dup_group;
  return {
    line: r.line,
    outcome: (r.outcome ?? 'error') as ImportOutcome,
    values: Object.fromEntries(headers.map((h, i) => [h, String(r.raw[i] ?? '')])),
    errors: r.errors,
    match: group
      ? {
          group,
          record_id: r.target_id,
          keys: group.startsWith('record:') ? matched : [group.slice('key:'.length)],
        }
      : null,
    record_id: r.record_id,
  };
};

/**
 * While an import validates, its rows' outcomes are being written batch by batch: the counts come
 * with the preview. Otherwise they are the import's stored counts (ADR 0103): counting the rows
 * on each poll of the page (once a second) took seconds of the database's time per poll on a
 * million rows, from the validation or the apply it reported on.
 */
const NOT_YET_COUNTED = { create: 0, update: 0, skip: 0, error: 0, groups: 0 };

export const presentImport = async (db: Db, imp: ImportRecord, withRows: boolean): Promise<Import> => {
  const counts = (imp.status !== 'validating' && imp.counts) || NOT_YET_COUNTED;
  const creator = await repo.creatorOf(db, imp.created_by);
  const out: Import = {
    id: imp.id,
    entity: imp.entity as ImportEntity,
    status: imp.status as ImportStatus,
    file_name: imp.file_name,
    headers: imp.headers,
    mapping: imp.mapping,
    suggested_mapping: suggestImportMapping(imp.entity as ImportReadyEntity, imp.headers),
    counts: { create: counts.create, update: counts.update, skip: counts.skip, error: counts.error },
    rows_total: imp.rows_total,
    progress: imp.progress,
    duplicate_groups: counts.groups,
    error: imp.error,
    created_by: creator ? { id: creator.id, name: creator.name } : null,
    created_at: imp.created_at.toISOString(),
    applied_at: imp.applied_at?.toISOString() ?? null,
    reverted_at: imp.reverted_at?.toISOString() ?? null,
    conflicts: imp.conflicts,
  };
  if (withRows) {
    const rows = {} as Record<ImportOutcome, ImportRow[]>;
    // While it validates, only a row's errors are final (a create may yet join a duplicate group).
    for (const o of IMPORT_OUTCOMES)
      rows[o] =
        imp.status === 'validating' && o !== 'error'
          ? []
          : (await repo.firstRows(db, imp.id, o, IMPORT_PREVIEW_ROWS)).map((r) => presentRow(imp.headers, r));
    out.rows = rows;
  }
  return out;
};
